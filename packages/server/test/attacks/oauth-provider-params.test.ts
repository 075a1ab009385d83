import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListeningServer } from '../helpers/listening.js';
import { PUBLIC_TOKEN } from '../helpers/test-config.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 36, finding 4: provider_params (the host's extra authorization parameters, which arrive in
 * the start URL a browser navigates to, so anyone can write them) could replace the parameters
 * the flow's safety rests on. Each is refused by name; harmless ones still reach the provider.
 */
const RESERVED = [
  'client_id',
  'client_secret',
  'response_type',
  'response_mode',
  'redirect_uri',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'request',
  'request_uri',
];

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const challenge = () => createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
const start = (providerParams: Record<string, string>) =>
  s.send(
    'GET',
    `/sdk/v1/oauth/start?${new URLSearchParams({ provider: 'github', public_token: PUBLIC_TOKEN, code_challenge: challenge(), provider_params: JSON.stringify(providerParams) })}`,
    undefined,
    { token: null },
  );

describe('provider_params', () => {
  for (const name of RESERVED) {
    it(`may not set ${name}: 400 naming it, and no redirect to the provider`, async () => {
      for (const spelling of [name, name.toUpperCase()]) {
        const answer = await start({ [spelling]: 'https://attacker.example/x' });
        expect(answer.status).toBe(400);
        expect(answer.headers.location).toBeUndefined();
        expect(answer.body).toMatchObject({ error_type: 'bad_request' });
        expect(answer.body.error_message).toBe(
          `provider_params may not set ${spelling}: Vestibule sets it for the sign-in's safety (add scopes with custom_scopes).`,
        );
      }
    });
  }

  it('refuses names that are not spelt as OAuth spells them, which some servers read as a reserved one', async () => {
    for (const name of ['client_id ', ' client_id', 'client_id[]', 'redirect_uri\u0000', 'cl\u0131ent_id', '\u017fcope', 'request_uri\t', '']) {
      const answer = await start({ [name]: 'x' });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body.error_message).toContain("provider_params names may hold only letters, digits, '_', '.' and '-'");
    }
  });

  it('refuses a value holding a NUL', async () => {
    const answer = await start({ login_hint: 'a\u0000b' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain('contains a NUL character (U+0000)');
  });

  it('names every reserved parameter it was given at once', async () => {
    const answer = await start({ client_id: 'x', response_type: 'token', prompt: 'consent' });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message).toContain('may not set client_id, response_type: Vestibule sets them');
  });

  it('passes other parameters to the provider beside ours, which stay ours', async () => {
    const answer = await start({ prompt: 'consent', login_hint: 'person@example.com' });
    expect(answer.status).toBe(302);
    const sent = new URL(String(answer.headers.location)).searchParams;
    expect(sent.get('prompt')).toBe('consent');
    expect(sent.get('login_hint')).toBe('person@example.com');
    expect(sent.get('client_id')).toBe('github');
    expect(sent.get('response_type')).toBe('code');
    expect(sent.get('redirect_uri')).toBe(`${s.config.publicUrl}/sdk/v1/oauth/callback`);
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });
});
