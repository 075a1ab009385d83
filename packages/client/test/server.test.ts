import { describe, expect, it } from 'vitest';
import { createServerCalls } from '../src/server.js';
import { apiError, BASE, fakeFetch, makeSessionResponse, TEST_TOKEN } from './helpers.js';

/** Session tokens as the server issues them: 32 random bytes, base64url. */
const TOKEN = 'k3Jx9Qm2Lw8Vb4Tn6Rz1Yp5Hc7Gd0Fs2Ae9Ui4Oo3Ww';
const OTHER = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8Nn7Mm6L';

/** The bearer token a call from these cookies carries, or undefined without one. */
async function bearerFrom(cookie: Parameters<typeof createServerCalls>[0]['cookie']): Promise<string | undefined> {
  const { fetch, calls } = fakeFetch();
  await createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie, fetch }).sessions();
  return calls[0]?.headers.Authorization;
}

/** A host's server reading the visitor's session from the request's cookies, for a widget it renders. */
describe('createServerCalls', () => {
  it("sends the session cookie's token as the bearer token, with the public token", async () => {
    const { fetch, callsTo } = fakeFetch({ 'POST /sdk/v1/sessions/authenticate': makeSessionResponse() });
    const calls = createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie: `theme=dark; vestibule_session=${TOKEN}; other=1`, fetch });
    expect(calls.hasSession).toBe(true);
    const answer = await calls.authenticate();
    expect(answer.user.user_id).toBe('user-test-1');
    const [call] = callsTo('POST /sdk/v1/sessions/authenticate');
    expect(call?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(call?.headers['X-Public-Token']).toBe(TEST_TOKEN);
    // Checked, not extended: no duration.
    expect(call?.body).toEqual({});
  });

  it('reads the cookie as the browser client does (js-cookie): the first that decodes, names decoded, quotes taken off', async () => {
    // Two of one name (a host-only cookie and one of the parent domain): the first, as in the browser.
    expect(await bearerFrom(`vestibule_session=${TOKEN}; vestibule_session=${OTHER}`)).toBe(`Bearer ${TOKEN}`);
    // One that does not decode is passed over by both.
    expect(await bearerFrom(`vestibule_session=%E0%A4%A; vestibule_session=${TOKEN}`)).toBe(`Bearer ${TOKEN}`);
    expect(await bearerFrom(`vestibule%5Fsession=${TOKEN}; vestibule_session=${OTHER}`)).toBe(`Bearer ${TOKEN}`);
    expect(await bearerFrom(`vestibule_session="${TOKEN}"`)).toBe(`Bearer ${TOKEN}`);
    // Node's array, where the header came more than once.
    expect(await bearerFrom(['a=1', `vestibule_session=${TOKEN}`])).toBe(`Bearer ${TOKEN}`);
  });

  it('reads the cookie name the host configured', async () => {
    const { fetch, calls: seen } = fakeFetch();
    const calls = createServerCalls({
      publicToken: TEST_TOKEN,
      apiBaseUrl: BASE,
      cookie: `vestibule_session=${OTHER}; my_session=${TOKEN}`,
      cookieOptions: { opaqueTokenCookieName: 'my_session' },
      fetch,
    });
    await calls.sessions();
    expect(seen[0]?.url).toBe(`${BASE}/sdk/v1/account/sessions`);
    expect(seen[0]?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('has no session without the cookie, or with one that is no session token, and sends no bearer token', async () => {
    const notTokens = ['', 'short', '%E2%9C%93', '%00', `${TOKEN}%0D%0AX-Evil:%201`, 'a'.repeat(20_000), 'with space and more than sixteen'];
    for (const cookie of [undefined, null, '', 'unrelated=1', 42 as unknown as string, ...notTokens.map((value) => `vestibule_session=${value}`)]) {
      const { fetch, calls: seen } = fakeFetch({ 'POST /sdk/v1/sessions/authenticate': () => apiError(401, 'user_unauthenticated', 'No session.') });
      const calls = createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie, fetch });
      expect(calls.hasSession, String(cookie).slice(0, 60)).toBe(false);
      await expect(calls.authenticate()).rejects.toMatchObject({ error_type: 'user_unauthenticated' });
      expect(seen[0]?.headers.Authorization).toBeUndefined();
    }
  });

  it("checks a reset link's token and makes the identity provider's preflights", async () => {
    const { fetch, calls: seen } = fakeFetch({ 'POST /sdk/v1/passwords/email/reset/check': { status_code: 200, request_id: 'r', email: 'ada@example.com' } });
    const calls = createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie: `vestibule_session=${TOKEN}`, fetch });
    expect(await calls.checkResetToken('reset-1')).toEqual({ email: 'ada@example.com' });
    await calls.idp.authorizeStart({ client_id: 'c', redirect_uri: 'https://rp.example/cb', response_type: 'code', scope: 'openid' });
    await calls.idp.logoutStart({ client_id: 'c', post_logout_redirect_uri: 'https://rp.example/out' });
    expect(seen.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /sdk/v1/passwords/email/reset/check',
      'POST /sdk/v1/oauth2/authorize/start',
      'POST /sdk/v1/oauth2/logout/start',
    ]);
    expect(seen[0]?.body).toEqual({ token: 'reset-1' });
  });

  it('gives up on calls the API does not answer in time, one deadline for them all, as ones that could not reach it', async () => {
    // An API that never answers: a call ends only when its signal aborts (at once if it already has, as fetch does).
    const never = ((_input: RequestInfo | URL, { signal }: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      })) as typeof fetch;
    const calls = createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie: `vestibule_session=${TOKEN}`, fetch: never, timeoutMs: 30 });
    const started = Date.now();
    await expect(calls.authenticate()).rejects.toMatchObject({ error_type: 'network_error' });
    // The second call has what is left of the same deadline: none.
    await expect(calls.bootstrap()).rejects.toMatchObject({ error_type: 'network_error' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("keeps to the deadline with a host's fetch that does not listen to the signal", async () => {
    const deaf = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    const calls = createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie: `vestibule_session=${TOKEN}`, fetch: deaf, timeoutMs: 30 });
    await expect(calls.authenticate()).rejects.toMatchObject({ error_type: 'network_error' });
  });

  it('says plainly what a server cannot use: a time that is not one, an API address that is a path or not http(s)', () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, 1.5]) {
      expect(() => createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: BASE, cookie: null, timeoutMs }), String(timeoutMs)).toThrow(/timeoutMs/);
    }
    expect(() => createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: '/api', cookie: null })).toThrow(/absolute http\(s\) address on a server/);
    expect(() => createServerCalls({ publicToken: TEST_TOKEN, apiBaseUrl: 'javascript:alert(1)', cookie: null })).toThrow(/http\(s\)/);
  });
});
