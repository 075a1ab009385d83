import Cookies from 'js-cookie';
import type { EventLogRequest } from '@vestibule/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVestibuleClient, VestibuleApiError, VestibuleSDKError } from '../src/index.js';
import { sessionStorageKey } from '../src/session-manager.js';
import { apiError, BASE, clearAllCookies, type fakeFetch, makeSessionResponse, makeUser, readCookies, settle, TEST_TOKEN, testClients } from './helpers.js';

const create = testClients();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('createVestibuleClient', () => {
  it('resolves the base URL and rejects a live token without one', () => {
    expect(create().client.baseUrl).toBe(BASE);
    expect(create({}, { apiBaseUrl: 'https://auth.example.com' }).client.baseUrl).toBe('https://auth.example.com');
    expect(() => createVestibuleClient({ publicToken: 'public-token-live-xyz' })).toThrow(/apiBaseUrl/);
    expect(() => createVestibuleClient({ publicToken: '' })).toThrow(/publicToken/);
  });

  it('logs sdk_instance_instantiated and starts a bootstrap refresh', async () => {
    const { fake, client } = create({ 'GET /sdk/v1/projects/bootstrap': { projectName: 'Acme', emailDomains: [] } });
    expect(client.bootstrap.getSync().projectName).toBe('');
    await client.events.flush();
    await settle();
    const events = fake.callsTo('POST /sdk/v1/events').flatMap((c) => (c.body as EventLogRequest).events);
    expect(events.map((e) => e.name)).toEqual(['sdk_instance_instantiated']);
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(1);
    expect(client.bootstrap.getSync().projectName).toBe('Acme');
  });

  it('logs a console error for a business-to-business token', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    create({}, { publicToken: 'public-token-b2b-test-123' });
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/business-to-business.*consumer projects/i);
    create({}, { publicToken: 'public-token-b2b-live-123', apiBaseUrl: 'https://x.test' });
    expect(error).toHaveBeenCalledTimes(2);
    create();
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('destroys a cached session at start without a session cookie, but not with a custom API domain', async () => {
    const cached = { state: { user: makeUser(), session: makeSessionResponse().session }, cookie_domains: [] };
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify(cached));
    const withDomain = create({ 'POST /sdk/v1/sessions/authenticate': makeSessionResponse() }, { customApiDomain: 'login.example.com' });
    expect(withDomain.client.baseUrl).toBe('https://login.example.com');
    expect(withDomain.client.session.getSync()).not.toBeNull();
    await settle();
    const refresh = withDomain.fake.callsTo('POST /sdk/v1/sessions/authenticate');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]?.init.credentials).toBe('include');
    withDomain.client.destroy();

    clearAllCookies();
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify(cached));
    const { client } = create();
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
  });
});

describe('the start of the page', () => {
  /** requestIdleCallback as the browser has it, run when the test says the browser is idle. */
  function idleBrowser() {
    const waiting: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (work: () => void) => waiting.push(work));
    return {
      idle: () => {
        for (const work of waiting.splice(0)) work();
      },
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the browser to be idle: making a client reads no storage and fetches nothing', async () => {
    const { idle } = idleBrowser();
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const { fake } = create({ 'GET /sdk/v1/projects/bootstrap': { projectName: 'Acme', emailDomains: [] } });
    await settle();
    expect(read).not.toHaveBeenCalled();
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(0);
    idle();
    await settle();
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(1);
  });

  it('a client destroyed before the browser is idle does not start', async () => {
    const { idle } = idleBrowser();
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const { client, fake } = create({ 'GET /sdk/v1/projects/bootstrap': { projectName: 'Acme', emailDomains: [] } });
    client.destroy();
    idle();
    await settle();
    expect(read).not.toHaveBeenCalled();
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(0);
  });

  it('a client destroyed before it started only answers reads: no refresh timer, nothing removed from a live client', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { idle } = idleBrowser();
    const zombie = create({ 'POST /sdk/v1/sessions/authenticate': () => Promise.reject(new TypeError('blip')) });
    zombie.client.destroy();
    idle();
    expect(zombie.client.user.getSync()).toBeNull();
    const live = create({
      'POST /sdk/v1/magic_links/authenticate': makeSessionResponse(),
      'POST /sdk/v1/sessions/authenticate': () => new Response(JSON.stringify(makeSessionResponse())),
    });
    await live.client.magicLinks.authenticate('ml');
    idle();
    await vi.advanceTimersByTimeAsync(180_000 * 3);
    expect(zombie.fake.callsTo('POST /sdk/v1/sessions/authenticate')).toHaveLength(0);
    expect(readCookies().vestibule_session).toBe('opaque-token-1');
  });

  it("a second client starting late keeps the first one's fresh sign-in (the second step's cookie)", async () => {
    const { idle } = idleBrowser();
    const held = { status_code: 200, request_id: 'r', user_id: 'u', intermediate_session_token: 'ist-1', member_session: null, two_step: 'verify' };
    const first = create({ 'POST /sdk/v1/magic_links/authenticate': held });
    create();
    await first.client.magicLinks.authenticate('tok');
    expect(readCookies().vestibule_intermediate_session_token).toBe('ist-1');
    idle();
    await settle();
    expect(readCookies().vestibule_intermediate_session_token).toBe('ist-1');
  });

  it('applies the start rules at once when the session is read before then', () => {
    idleBrowser();
    const cached = { state: { user: makeUser(), session: makeSessionResponse().session }, cookie_domains: [] };
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify(cached));
    const { client } = create();
    // No session cookie: the cached session is destroyed by the read, not left for the idle moment.
    expect(client.session.getSync()).toBeNull();
    expect(JSON.parse(localStorage.getItem(sessionStorageKey(TEST_TOKEN))!).state).toBeNull();
  });

  it('fetches the bootstrap once when a widget asked for it before the browser was idle', async () => {
    const { idle } = idleBrowser();
    const { client, fake } = create({ 'GET /sdk/v1/projects/bootstrap': { projectName: 'Acme', emailDomains: [] } });
    expect((await client.bootstrap.getAsync()).projectName).toBe('Acme');
    idle();
    await settle();
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(1);
  });

  it('a first visit writes nothing: no cookie expired, nothing stored', async () => {
    const remove = vi.spyOn(Cookies, 'remove');
    const write = vi.spyOn(Storage.prototype, 'setItem');
    const { client } = create();
    await settle();
    expect(client.session.getSync()).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(write.mock.calls.filter(([key]) => key === sessionStorageKey(TEST_TOKEN))).toEqual([]);
  });
});

describe('magic links', () => {
  it('loginOrCreate sends snake_case options and the locale', async () => {
    const { client, fake } = create({
      'POST /sdk/v1/magic_links/email/login_or_create': { status_code: 200, request_id: 'r', user_id: 'u', email_id: 'e', user_created: true },
    });
    const result = await client.magicLinks.email.loginOrCreate('ada@example.com', {
      loginMagicLinkUrl: 'http://localhost:5173/authenticate',
      signupMagicLinkUrl: 'http://localhost:5173/signup',
      loginExpirationMinutes: 30,
      signupExpirationMinutes: 60,
      createUserAsPending: false,
      locale: 'de',
    });
    expect(result.user_created).toBe(true);
    const [call] = fake.callsTo('POST /sdk/v1/magic_links/email/login_or_create');
    expect(call?.url).toBe(`${BASE}/sdk/v1/magic_links/email/login_or_create`);
    expect(call?.body).toEqual({
      email: 'ada@example.com',
      login_magic_link_url: 'http://localhost:5173/authenticate',
      signup_magic_link_url: 'http://localhost:5173/signup',
      login_expiration_minutes: 30,
      signup_expiration_minutes: 60,
      create_user_as_pending: false,
      locale: 'de',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    await client.magicLinks.email.loginOrCreate('bob@example.com');
    expect(fake.callsTo('POST /sdk/v1/magic_links/email/login_or_create')[1]?.body).toEqual({
      email: 'bob@example.com',
      code_challenge: (call!.body as { code_challenge: string }).code_challenge,
    });
  });

  it('authenticate stores the session, writes the cookies and tells listeners', async () => {
    const response = makeSessionResponse();
    const { client, fake } = create({ 'POST /sdk/v1/magic_links/authenticate': response });
    const onSession = vi.fn();
    const onUser = vi.fn();
    client.session.onChange(onSession);
    client.user.onChange(onUser);

    await client.magicLinks.authenticate('ml-token');
    expect(fake.callsTo('POST /sdk/v1/magic_links/authenticate')[0]?.body).toEqual({
      token: 'ml-token',
      session_duration_minutes: 30,
    });
    expect(client.session.getSync()).toEqual(response.session);
    expect(client.user.getSync()).toEqual(response.user);
    expect(client.session.getTokens()).toEqual({ session_token: 'opaque-token-1', session_jwt: 'jwt-1' });
    expect(readCookies()).toMatchObject({ vestibule_session: 'opaque-token-1', vestibule_session_jwt: 'jwt-1' });
    expect(onSession).toHaveBeenCalledExactlyOnceWith(response.session);
    expect(onUser).toHaveBeenCalledExactlyOnceWith(response.user);
    expect(JSON.parse(localStorage.getItem(`vestibule::${TEST_TOKEN}`) ?? 'null').state).toEqual({
      user: response.user,
      session: response.session,
    });

    await client.magicLinks.authenticate('ml-token-2', { session_duration_minutes: 120 });
    expect(fake.callsTo('POST /sdk/v1/magic_links/authenticate')[1]?.body).toEqual({
      token: 'ml-token-2',
      session_duration_minutes: 120,
    });
  });

  it('a failed authenticate rejects with the catalogue error and stores nothing', async () => {
    const { client } = create({
      'POST /sdk/v1/magic_links/authenticate': () => apiError(401, 'unable_to_auth_magic_link', 'used'),
    });
    await expect(client.magicLinks.authenticate('bad')).rejects.toBeInstanceOf(VestibuleApiError);
    expect(client.session.getSync()).toBeNull();
    expect(readCookies().vestibule_session).toBeUndefined();
  });
});

describe('session and user', () => {
  async function signedIn(routes: Parameters<typeof fakeFetch>[0] = {}) {
    const made = create({ 'POST /sdk/v1/magic_links/authenticate': makeSessionResponse(), ...routes });
    await made.client.magicLinks.authenticate('ml');
    return made;
  }

  it('user.get without a session rejects with the exact message', async () => {
    const { client, fake } = create();
    const error = await client.user.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleSDKError);
    expect(error).toMatchObject({
      error_type: 'user_unauthenticated',
      message: 'Must have an active session to call this method. Have you logged in yet?',
    });
    expect(fake.callsTo('GET /sdk/v1/users/me')).toHaveLength(0);
    await expect(client.session.authenticate()).rejects.toMatchObject({ error_type: 'user_unauthenticated' });
  });

  it('user.get sends the bearer token and updates the cached user', async () => {
    const renamed = makeUser({ webauthn_registrations: [{ webauthn_registration_id: 'w1', name: 'Laptop', created_at: 'x' }] });
    const { client, fake } = await signedIn({ 'GET /sdk/v1/users/me': { ...renamed, status_code: 200, request_id: 'r' } });
    const onUser = vi.fn();
    client.user.onChange(onUser);
    const user = await client.user.get();
    expect(user).toEqual(renamed);
    const [call] = fake.callsTo('GET /sdk/v1/users/me');
    expect(call?.headers).toMatchObject({ 'X-Public-Token': TEST_TOKEN, Authorization: 'Bearer opaque-token-1' });
    expect(client.user.getSync()).toEqual(renamed);
    expect(onUser).toHaveBeenCalledExactlyOnceWith(renamed);
  });

  it('session.authenticate refreshes; on failure it clears the session and rejects', async () => {
    let fail = false;
    const { client, fake } = await signedIn({
      'POST /sdk/v1/sessions/authenticate': () =>
        fail ? apiError(404, 'session_not_found', 'gone') : new Response(JSON.stringify(makeSessionResponse({ session_jwt: 'jwt-2' }))),
    });
    await client.session.authenticate({ session_duration_minutes: 60 });
    expect(client.session.getTokens()?.session_jwt).toBe('jwt-2');
    expect(fake.callsTo('POST /sdk/v1/sessions/authenticate')[0]?.body).toEqual({ session_duration_minutes: 60 });
    fail = true;
    await expect(client.session.authenticate()).rejects.toMatchObject({ error_type: 'session_not_found' });
    expect(client.session.getSync()).toBeNull();
    expect(readCookies().vestibule_session).toBeUndefined();
  });

  it('revoke clears locally on success', async () => {
    const { client, fake } = await signedIn();
    await client.session.revoke();
    expect(fake.callsTo('POST /sdk/v1/sessions/revoke')[0]?.headers.Authorization).toBe('Bearer opaque-token-1');
    expect(client.session.getSync()).toBeNull();
    expect(readCookies()).toEqual({});
  });

  it('revoke without forceClear rethrows a failure and keeps the session; with forceClear it clears', async () => {
    const { client } = await signedIn({ 'POST /sdk/v1/sessions/revoke': () => apiError(500, 'internal_server_error', 'down') });
    await expect(client.session.revoke()).rejects.toMatchObject({ error_type: 'internal_server_error' });
    expect(client.session.getSync()).not.toBeNull();
    expect(readCookies().vestibule_session).toBe('opaque-token-1');
    await expect(client.session.revoke({ forceClear: true })).rejects.toMatchObject({ error_type: 'internal_server_error' });
    expect(client.session.getSync()).toBeNull();
    expect(readCookies()).toEqual({});
  });

  it('revoke with no session resolves without a call', async () => {
    const { client, fake } = create();
    await expect(client.session.revoke({ forceClear: true })).resolves.toBeUndefined();
    expect(fake.callsTo('POST /sdk/v1/sessions/revoke')).toHaveLength(0);
  });

  it('onChange unsubscribes', async () => {
    const { client } = create({ 'POST /sdk/v1/magic_links/authenticate': makeSessionResponse() });
    const listener = vi.fn();
    const off = client.session.onChange(listener);
    off();
    await client.magicLinks.authenticate('ml');
    expect(listener).not.toHaveBeenCalled();
  });

  it('another tab signing in updates this client and fires its listeners', () => {
    const { client } = create();
    const onSession = vi.fn();
    client.session.onChange(onSession);
    const response = makeSessionResponse();
    const newValue = JSON.stringify({ state: { user: response.user, session: response.session }, cookie_domains: [] });
    window.dispatchEvent(new StorageEvent('storage', { key: `vestibule::${TEST_TOKEN}`, newValue, storageArea: localStorage }));
    expect(client.session.getSync()).toEqual(response.session);
    expect(client.user.getSync()).toEqual(response.user);
    expect(onSession).toHaveBeenCalledExactlyOnceWith(response.session);
  });

  it('refreshes in the background every 180000 ms and logs out on failure', async () => {
    vi.useFakeTimers();
    let fail = false;
    const { client, fake } = await signedIn({
      'POST /sdk/v1/sessions/authenticate': () => (fail ? apiError(401, 'invalid_session_token', 'no') : new Response(JSON.stringify(makeSessionResponse()))),
    });
    const refreshes = () => fake.callsTo('POST /sdk/v1/sessions/authenticate').length;
    const onSession = vi.fn();
    client.session.onChange(onSession);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(refreshes()).toBe(1);
    expect(fake.callsTo('POST /sdk/v1/sessions/authenticate')[0]?.headers.Authorization).toBe('Bearer opaque-token-1');
    // The background refresh does not extend the session.
    expect(fake.callsTo('POST /sdk/v1/sessions/authenticate')[0]?.body).toEqual({});
    fail = true;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(refreshes()).toBe(2);
    expect(client.session.getSync()).toBeNull();
    expect(onSession).toHaveBeenLastCalledWith(null);
  });

  it('destroy stops the refresh timer and the storage listener', async () => {
    vi.useFakeTimers();
    const { client, fake } = await signedIn();
    client.destroy();
    await vi.advanceTimersByTimeAsync(180_000 * 2);
    expect(fake.callsTo('POST /sdk/v1/sessions/authenticate')).toHaveLength(0);
    const before = client.session.getSync();
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: `vestibule::${TEST_TOKEN}`,
        newValue: JSON.stringify({ state: null, cookie_domains: [] }),
        storageArea: localStorage,
      }),
    );
    expect(client.session.getSync()).toEqual(before);
  });

  it('writes cookies with Secure off on localhost', async () => {
    const set = vi.spyOn(Cookies, 'set');
    await signedIn();
    expect(set).toHaveBeenCalledWith('vestibule_session', 'opaque-token-1', expect.objectContaining({ secure: false, sameSite: 'Lax' }));
  });
});
