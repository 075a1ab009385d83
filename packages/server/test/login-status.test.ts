import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, uniqueEmail } from './helpers/harness.js';
import { sharedHarness } from './helpers/shared-stack.js';

/**
 * FedCM's login status (the Login Status API): a sign-in's answer tells the browser someone is
 * signed in to this provider, and a sign-out that no one is; a refused sign-in says nothing.
 */
let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

describe('Set-Login', () => {
  it('a sign-in says logged-in, a refused one nothing, a sign-out logged-out', async () => {
    const { token } = await h.sendLink(uniqueEmail('login-status'));
    const signedIn = await h.json('POST', '/sdk/v1/magic_links/authenticate', { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('Set-Login')).toBe('logged-in');

    const refused = await h.json('POST', '/sdk/v1/magic_links/authenticate', { token });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('Set-Login')).toBeNull();

    const session = signedIn.body.session_token as string;
    expect((await h.json('POST', '/sdk/v1/sessions/authenticate', {}, { session })).headers.get('Set-Login')).toBe('logged-in');
    expect((await h.json('POST', '/sdk/v1/sessions/revoke', {}, { session })).headers.get('Set-Login')).toBe('logged-out');
  });

  it('every sign-in route says it: passwords too', async () => {
    const email = uniqueEmail('login-status-password');
    const created = await h.json('POST', '/sdk/v1/passwords', { email, password: 'Quartz-Lantern-Fjord-Mosaic-58' });
    expect(created.status).toBe(200);
    expect(created.headers.get('Set-Login')).toBe('logged-in');
  });
});
