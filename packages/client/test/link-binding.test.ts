import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkVerifierStorageKey } from '../src/link-binding.js';
import { makeSessionResponse, TEST_TOKEN, testClients } from './helpers.js';

/**
 * Emailed sign-in links are bound to the browser that asked for them (a PKCE verifier it keeps):
 * the server spends one opened elsewhere, a mail filter's browser among them, only when the
 * person confirms.
 */
const create = testClients();
const KEY = linkVerifierStorageKey(TEST_TOKEN);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const SENT = { status_code: 200, request_id: 'r', user_id: 'u', email_id: 'e', user_created: false };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('emailed links bound to this browser', () => {
  it('asks with the challenge of one kept verifier and opens with the verifier itself', async () => {
    const { client, fake } = create({
      'POST /sdk/v1/magic_links/email/login_or_create': SENT,
      'POST /sdk/v1/passwords/email/reset/start': { status_code: 200, request_id: 'r' },
      'POST /sdk/v1/magic_links/authenticate': makeSessionResponse(),
    });
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const verifier = localStorage.getItem(KEY)!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const challenges = [...fake.callsTo('POST /sdk/v1/magic_links/email/login_or_create'), ...fake.callsTo('POST /sdk/v1/passwords/email/reset/start')].map(
      (call) => (call.body as { code_challenge: string }).code_challenge,
    );
    // One verifier for every link: an earlier email's link still signs in here.
    expect(challenges).toEqual([s256(verifier), s256(verifier), s256(verifier)]);

    await client.magicLinks.authenticate('tok-1');
    expect(fake.callsTo('POST /sdk/v1/magic_links/authenticate')[0]?.body).toEqual({ token: 'tok-1', code_verifier: verifier, session_duration_minutes: 30 });
  });

  it("sends `confirmed` instead of the verifier after the person's press, and nothing where no link was asked for", async () => {
    const { client, fake } = create({ 'POST /sdk/v1/magic_links/authenticate': makeSessionResponse() });
    await client.magicLinks.authenticate('tok-1');
    expect(fake.callsTo('POST /sdk/v1/magic_links/authenticate')[0]?.body).toEqual({ token: 'tok-1', session_duration_minutes: 30 });
    localStorage.setItem(KEY, 'v'.repeat(43));
    await client.magicLinks.authenticate('tok-2', { confirmed: true, session_duration_minutes: 60 });
    expect(fake.callsTo('POST /sdk/v1/magic_links/authenticate')[1]?.body).toEqual({ token: 'tok-2', confirmed: true, session_duration_minutes: 60 });
  });

  it('asks for an unbound link where nothing can be kept (no localStorage, as on a server)', async () => {
    vi.stubGlobal('localStorage', undefined);
    const { client, fake } = create({ 'POST /sdk/v1/magic_links/email/login_or_create': SENT });
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    expect(fake.callsTo('POST /sdk/v1/magic_links/email/login_or_create')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("preview asks for a live link's address", async () => {
    const { client, fake } = create({ 'POST /sdk/v1/magic_links/preview': { status_code: 200, request_id: 'r', email: 'ada@example.com' } });
    expect((await client.magicLinks.preview('tok-1')).email).toBe('ada@example.com');
    expect(fake.callsTo('POST /sdk/v1/magic_links/preview')[0]?.body).toEqual({ token: 'tok-1' });
  });
});
