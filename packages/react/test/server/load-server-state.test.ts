import { describe, expect, it } from 'vitest';
import { loadServerState, type LoadServerStateOptions } from '../../src/server';
import { AUTHORIZE_START, SESSION_RESPONSE, thisDevice, USER } from '../helpers';

const DEVICE = thisDevice();
/** A session token as the server issues them (32 random bytes, base64url). */
const SESSION_TOKEN = 'k3Jx9Qm2Lw8Vb4Tn6Rz1Yp5Hc7Gd0Fs2Ae9Ui4Oo3Ww';

type Answer = { status?: number; body: unknown } | 'unreachable';

const BOOTSTRAP_ROUTE = 'GET /sdk/v1/projects/bootstrap';
const PROJECT = { status_code: 200, request_id: 'r', projectName: 'Acme', displayWatermark: true, emailDomains: [], passwordConfig: null, rbacPolicy: null };

/**
 * The API as the host's server reaches it: each route's answer (the project's bootstrap unless
 * said otherwise), every call recorded but the bootstrap's, which every reading makes.
 */
function api(routes: Record<string, Answer>) {
  const calls: { route: string; authorization: string | undefined; body: unknown }[] = [];
  const answers: Record<string, Answer> = { [BOOTSTRAP_ROUTE]: { body: PROJECT }, ...routes };
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const route = `${init.method} ${new URL(String(input)).pathname}`;
    const headers = init.headers as Record<string, string>;
    if (route !== BOOTSTRAP_ROUTE) calls.push({ route, authorization: headers.Authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[route];
    if (answer === 'unreachable' || !answer) throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const refused = (status: number, error_type: string): Answer => ({
  status,
  body: { status_code: status, request_id: 'r', error_type, error_message: `${error_type}.` },
});

const base = (fetch: typeof globalThis.fetch, rest: Partial<LoadServerStateOptions>): LoadServerStateOptions => ({
  mount: 'account',
  publicToken: 'public-token-test-0a1b2c3d',
  apiBaseUrl: 'http://api.test',
  cookie: `vestibule_session=${SESSION_TOKEN}; vestibule_session_jwt=jwt-1`,
  url: 'https://host.example/account',
  fetch,
  ...rest,
});

describe('loadServerState', () => {
  it("the account page: the visitor's user and devices, read with their session, and the server's clock", async () => {
    const { fetch, calls } = api({
      'POST /sdk/v1/sessions/authenticate': { body: SESSION_RESPONSE },
      'GET /sdk/v1/account/sessions': { body: { status_code: 200, request_id: 'r', sessions: [DEVICE] } },
    });
    const before = Date.now();
    const state = await loadServerState(base(fetch, {}));
    expect(state).toMatchObject({ search: '', user: USER, devices: [DEVICE] });
    // The project's name and watermark, which the widget draws with while hydrating.
    expect(state?.bootstrap).toEqual({ projectName: 'Acme', displayWatermark: true, emailDomains: [], passwordConfig: null, rbacPolicy: null });
    expect(state?.now).toBeGreaterThanOrEqual(before);
    expect(calls.map((c) => c.authorization)).toEqual([`Bearer ${SESSION_TOKEN}`, `Bearer ${SESSION_TOKEN}`]);
    // Plain JSON: what the server hands the browser is the same after the trip.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('signed out: no cookie (no call at all), or a session that is over', async () => {
    const none = api({});
    expect(await loadServerState(base(none.fetch, { cookie: undefined, url: '/account?tab=1' }))).toMatchObject({ search: '?tab=1', user: null });
    expect(none.calls).toEqual([]);
    const over = api({ 'POST /sdk/v1/sessions/authenticate': refused(404, 'session_not_found') });
    const state = await loadServerState(base(over.fetch, {}));
    expect(state).toMatchObject({ user: null });
    expect(state?.devices).toBeUndefined();
  });

  it("an address that cannot be read is one without a query: the host's page still renders", async () => {
    for (const url of ['http://[', 'http://exa mple/?a=1', '']) {
      expect(await loadServerState(base(api({}).fetch, { cookie: null, url }))).toMatchObject({ search: '', user: null });
    }
  });

  it('undefined when the API cannot answer: the mount draws as without a server', async () => {
    expect(await loadServerState(base(api({ 'POST /sdk/v1/sessions/authenticate': 'unreachable' }).fetch, {}))).toBeUndefined();
    expect(await loadServerState(base(api({ 'POST /sdk/v1/sessions/authenticate': refused(401, 'invalid_public_token') }).fetch, {}))).toBeUndefined();
  });

  it('the bootstrap failing leaves the defaults to the widget; the rest still comes', async () => {
    const { fetch } = api({ [BOOTSTRAP_ROUTE]: 'unreachable', 'POST /sdk/v1/sessions/authenticate': { body: SESSION_RESPONSE } });
    const state = await loadServerState(base(fetch, { mount: 'passkeyRegistration' }));
    expect(state?.user).toEqual(USER);
    expect(state?.bootstrap).toBeUndefined();
  });

  it('the devices list failing leaves it to the browser; the user still comes', async () => {
    const { fetch } = api({
      'POST /sdk/v1/sessions/authenticate': { body: SESSION_RESPONSE },
      'GET /sdk/v1/account/sessions': refused(429, 'too_many_requests'),
    });
    const state = await loadServerState(base(fetch, {}));
    expect(state?.user).toEqual(USER);
    expect(state?.devices).toBeUndefined();
  });

  it("the reset page: the link's token checked (working, for its address; or dead); no check for a magic-link token", async () => {
    const working = api({ 'POST /sdk/v1/passwords/email/reset/check': { body: { status_code: 200, request_id: 'r', email: 'ada@example.com' } } });
    const url = 'https://host.example/reset?vestibule_token_type=reset_password&token=tok-r';
    expect((await loadServerState(base(working.fetch, { mount: 'passwordReset', cookie: null, url })))?.passwordReset).toEqual({
      token: 'tok-r',
      check: 'valid',
      email: 'ada@example.com',
    });
    expect(working.calls[0]?.body).toEqual({ token: 'tok-r' });
    const dead = api({ 'POST /sdk/v1/passwords/email/reset/check': refused(400, 'invalid_reset_token') });
    expect((await loadServerState(base(dead.fetch, { mount: 'passwordReset', cookie: null, url })))?.passwordReset).toEqual({ token: 'tok-r', check: 'dead' });
    const down = api({ 'POST /sdk/v1/passwords/email/reset/check': 'unreachable' });
    expect((await loadServerState(base(down.fetch, { mount: 'passwordReset', cookie: null, url })))?.passwordReset).toBeUndefined();
    const magic = api({});
    await loadServerState(base(magic.fetch, { mount: 'passwordReset', cookie: null, url: '/reset?vestibule_token_type=login&token=m' }));
    expect(magic.calls).toEqual([]);
  });

  it("the identity provider: the preflight for the address's request, its answer or its error; none for a request missing a parameter", async () => {
    const query = '?client_id=client-1&redirect_uri=https%3A%2F%2Fshop.example.com%2Fcallback&scope=openid+email&state=s1';
    const consent = api({ 'POST /sdk/v1/sessions/authenticate': { body: SESSION_RESPONSE }, 'POST /sdk/v1/oauth2/authorize/start': { body: AUTHORIZE_START } });
    const state = await loadServerState(base(consent.fetch, { mount: 'identityProvider', url: `/idp${query}` }));
    expect(state?.idp).toEqual({ authorize: AUTHORIZE_START });
    expect(consent.calls[1]).toMatchObject({
      authorization: `Bearer ${SESSION_TOKEN}`,
      body: { client_id: 'client-1', redirect_uri: 'https://shop.example.com/callback', response_type: 'code', scope: 'openid email', state: 's1' },
    });

    const signedOut = api({ 'POST /sdk/v1/oauth2/authorize/start': refused(401, 'user_unauthenticated') });
    expect((await loadServerState(base(signedOut.fetch, { mount: 'identityProvider', cookie: null, url: `/idp${query}` })))?.idp).toEqual({
      error: { error_type: 'user_unauthenticated', error_message: 'user_unauthenticated.' },
    });

    const logout = api({
      'POST /sdk/v1/oauth2/logout/start': { body: { status_code: 200, request_id: 'r', consent_required: true, redirect_uri: 'https://shop.example.com/out' } },
    });
    const out = await loadServerState(
      base(logout.fetch, { mount: 'identityProvider', cookie: null, url: '/idp?client_id=c&post_logout_redirect_uri=https%3A%2F%2Fshop.example.com%2Fout' }),
    );
    expect(out?.idp).toMatchObject({ logout: { consent_required: true } });

    const missing = api({});
    expect((await loadServerState(base(missing.fetch, { mount: 'identityProvider', cookie: null, url: '/idp?client_id=c' })))?.idp).toBeUndefined();
    expect(missing.calls).toEqual([]);

    // Not reached, or refused for a moment (busy, down, a limit on the host's one address): the browser asks itself.
    for (const answer of [
      'unreachable',
      refused(503, 'database_unavailable'),
      refused(503, 'server_busy'),
      refused(429, 'too_many_requests'),
      refused(500, 'internal_server_error'),
    ] as const) {
      const down = api({ 'POST /sdk/v1/oauth2/authorize/start': answer });
      expect(
        (await loadServerState(base(down.fetch, { mount: 'identityProvider', cookie: null, url: `/idp${query}` })))?.idp,
        JSON.stringify(answer),
      ).toBeUndefined();
    }
  });
});
