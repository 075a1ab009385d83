import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Finding 8: responses that carry tokens could be cached and API bodies sniffed. Every API answer
 * now says nosniff, and everything but the public key set says no-store. (The demo's
 * Referrer-Policy and the token leaving the address bar are browser tests:
 * e2e/link-token-leaves-address-bar.spec.ts.)
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

describe('headers', () => {
  it('a session answer is no-store and nosniff', async () => {
    const email = uniqueEmail('headers');
    const created = await s.send('POST', '/sdk/v1/passwords', { email, password: 'Header check 77 passphrase' });
    expect(created.status).toBe(200);
    expect(created.body.session_token).toBeTruthy();
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.headers['x-content-type-options']).toBe('nosniff');
  });

  it('errors, the outbox and user data are no-store and nosniff too', async () => {
    const answers = [
      await s.send('POST', '/sdk/v1/magic_links/authenticate', { token: 'forged' }),
      await s.send('GET', '/dev/outbox', undefined, { token: null }),
      await s.send('GET', '/sdk/v1/users/me', undefined, { session: 'nope' }),
      await s.send('GET', '/no/such/route', undefined, { token: null }),
    ];
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the public key set keeps its own short public caching', async () => {
    const jwks = await s.send('GET', '/.well-known/jwks.json', undefined, { token: null });
    expect(jwks.headers['cache-control']).toBe('public, max-age=60');
    expect(jwks.headers['x-content-type-options']).toBe('nosniff');
  });
});
