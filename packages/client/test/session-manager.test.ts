import Cookies from 'js-cookie';
import type { SessionResponse } from '@vestibule/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_REFRESH_INTERVAL_MS } from '../src/index.js';
import { createCookieJar, INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS } from '../src/cookies.js';
import { createSessionManager, sessionStorageKey, type SessionManager } from '../src/session-manager.js';
import { clearAllCookies, makeSession, makeSessionResponse, makeUser, readCookies, TEST_TOKEN } from './helpers.js';

const state = () => ({ user: makeUser(), session: makeSession({ expires_at: '2099-01-01T00:00:00.000Z' }) });
let managers: SessionManager[] = [];

function manager(
  refresh: () => Promise<SessionResponse> = async () => makeSessionResponse(),
  extra: { customApiDomain?: boolean; publicToken?: string; domain?: string } = {},
) {
  const m = createSessionManager({
    publicToken: extra.publicToken ?? TEST_TOKEN,
    cookies: createCookieJar(extra.domain ? { domain: extra.domain } : {}),
    customApiDomain: extra.customApiDomain ?? false,
    refresh,
  });
  managers.push(m);
  return m;
}

beforeEach(() => {
  clearAllCookies();
  localStorage.clear();
});
afterEach(() => {
  for (const m of managers) m.stop();
  managers = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session cookies', () => {
  it('with a session and both tokens: writes both session cookies, expiring at expires_at, and clears the intermediate cookie', () => {
    document.cookie = 'vestibule_intermediate_session_token=ist-old; path=/';
    const set = vi.spyOn(Cookies, 'set');
    const m = manager();
    const s = state();
    m.updateSession({ state: s, session_token: 'opaque-1', session_jwt: 'jwt-1' });
    const cookies = readCookies();
    expect(cookies.vestibule_session).toBe('opaque-1');
    expect(cookies.vestibule_session_jwt).toBe('jwt-1');
    expect(cookies.vestibule_intermediate_session_token).toBeUndefined();
    const expires = new Date(s.session.expires_at);
    expect(set).toHaveBeenCalledWith('vestibule_session', 'opaque-1', expect.objectContaining({ expires, sameSite: 'Lax' }));
    expect(set).toHaveBeenCalledWith('vestibule_session_jwt', 'jwt-1', expect.objectContaining({ expires }));
    expect(m.getState()).toEqual(s);
    expect(m.getTokens()).toEqual({ session_token: 'opaque-1', session_jwt: 'jwt-1' });
  });

  it('with state but no token string: removes the session cookies and keeps the state', () => {
    const m = manager();
    m.updateSession({ state: state(), session_token: 'opaque-1', session_jwt: 'jwt-1' });
    m.updateSession({ state: state() });
    expect(readCookies().vestibule_session).toBeUndefined();
    expect(readCookies().vestibule_session_jwt).toBeUndefined();
    expect(m.getState()).toEqual(state());
    expect(m.getTokens()).toBeNull();
  });

  it('with only an intermediate token: writes that cookie for 600000 ms and removes the session cookies', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    const set = vi.spyOn(Cookies, 'set');
    const m = manager();
    m.updateSession({ state: state(), session_token: 'opaque-1', session_jwt: 'jwt-1' });
    m.updateSession({ state: null, intermediate_session_token: 'ist-1' });
    expect(INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS).toBe(600_000);
    expect(set).toHaveBeenLastCalledWith(
      'vestibule_intermediate_session_token',
      'ist-1',
      expect.objectContaining({ expires: new Date(Date.parse('2030-01-01T00:00:00.000Z') + 600_000), sameSite: 'Lax' }),
    );
    const cookies = readCookies();
    expect(cookies.vestibule_intermediate_session_token).toBe('ist-1');
    expect(cookies.vestibule_session).toBeUndefined();
    expect(cookies.vestibule_session_jwt).toBeUndefined();
    expect(m.getIntermediateSessionToken()).toBe('ist-1');
    expect(m.getState()).toBeNull();
  });

  it('with nothing: removes both the session and the intermediate cookies', () => {
    const m = manager();
    document.cookie = 'vestibule_intermediate_session_token=ist-1; path=/';
    document.cookie = 'vestibule_session=opaque-1; path=/';
    document.cookie = 'vestibule_session_jwt=jwt-1; path=/';
    m.updateSession({ state: null });
    expect(readCookies()).toEqual({});
    expect(m.getState()).toBeNull();
  });

  it('destroy removes the cookies, sets the state to null and tells listeners', () => {
    const m = manager();
    m.updateSession({ state: state(), session_token: 'opaque-1', session_jwt: 'jwt-1' });
    const listener = vi.fn();
    m.onChange(listener);
    m.destroy();
    expect(readCookies()).toEqual({});
    expect(m.getState()).toBeNull();
    expect(listener).toHaveBeenCalledExactlyOnceWith(null);
    expect(JSON.parse(localStorage.getItem(sessionStorageKey(TEST_TOKEN)) ?? '{}').state).toBeNull();
  });

  it('uses the cookie names from cookieOptions', () => {
    const m = createSessionManager({
      publicToken: TEST_TOKEN,
      cookies: createCookieJar({ opaqueTokenCookieName: 'my_s', jwtCookieName: 'my_jwt', istCookieName: 'my_ist' }),
      customApiDomain: false,
      refresh: async () => makeSessionResponse(),
    });
    m.updateSession({ state: state(), session_token: 'o', session_jwt: 'j' });
    expect(readCookies()).toEqual({ my_s: 'o', my_jwt: 'j' });
    m.updateSession({ state: null, intermediate_session_token: 'i' });
    expect(readCookies()).toEqual({ my_ist: 'i' });
  });
});

describe('local storage', () => {
  it('keeps the state under a key per public token, with the cookie domains seen', () => {
    const remove = vi.spyOn(Cookies, 'remove');
    const a = manager(undefined, { domain: 'localhost' });
    a.updateSession({ state: state(), session_token: 'o', session_jwt: 'j' });
    const b = manager(undefined, { publicToken: 'public-token-test-other' });
    expect(sessionStorageKey(TEST_TOKEN)).toBe(`vestibule::${TEST_TOKEN}`);
    const stored = JSON.parse(localStorage.getItem(`vestibule::${TEST_TOKEN}`) ?? 'null');
    expect(stored).toEqual({ state: state(), cookie_domains: ['localhost'] });
    expect(b.getState()).toBeNull();
    expect(localStorage.getItem('vestibule::public-token-test-other')).toBeNull();

    // A later client with another (or no) domain still clears cookies on every domain seen.
    const c = manager();
    expect(c.getState()).toEqual(state());
    remove.mockClear();
    c.destroy();
    expect(remove).toHaveBeenCalledWith('vestibule_session', expect.objectContaining({ domain: 'localhost' }));
    expect(remove).toHaveBeenCalledWith('vestibule_session', expect.not.objectContaining({ domain: expect.anything() }));
    expect(JSON.parse(localStorage.getItem(`vestibule::${TEST_TOKEN}`) ?? 'null').cookie_domains).toEqual(['localhost']);
  });

  it('ignores a corrupt stored value', () => {
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), '{not json');
    expect(manager().getState()).toBeNull();
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify({ state: { user: 1 } }));
    expect(manager().getState()).toBeNull();
  });

  it('a storage event from another tab updates the state and fires onChange', () => {
    const m = manager();
    m.start();
    const listener = vi.fn();
    m.onChange(listener);
    const s = state();
    const newValue = JSON.stringify({ state: s, cookie_domains: [] });
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), newValue);
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey(TEST_TOKEN), newValue, storageArea: localStorage }));
    expect(m.getState()).toEqual(s);
    expect(listener).toHaveBeenCalledExactlyOnceWith(s);

    // Another token's key is ignored.
    window.dispatchEvent(new StorageEvent('storage', { key: 'vestibule::public-token-test-x', newValue: 'null' }));
    expect(listener).toHaveBeenCalledTimes(1);

    // Logout in the other tab.
    const loggedOut = JSON.stringify({ state: null, cookie_domains: [] });
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey(TEST_TOKEN), newValue: loggedOut, storageArea: localStorage }));
    expect(m.getState()).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null);

    // After stop, no more updates.
    m.stop();
    window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKey(TEST_TOKEN), newValue, storageArea: localStorage }));
    expect(m.getState()).toBeNull();
  });
});

describe('start and background refresh', () => {
  it('without a session token cookie (and no custom API domain) destroys the cached session', () => {
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify({ state: state(), cookie_domains: [] }));
    document.cookie = 'vestibule_session_jwt=stale; path=/';
    document.cookie = 'vestibule_intermediate_session_token=ist-stale; path=/';
    const refresh = vi.fn(async () => makeSessionResponse());
    const m = manager(refresh);
    expect(m.getState()).not.toBeNull();
    m.start();
    expect(m.getState()).toBeNull();
    expect(readCookies().vestibule_session_jwt).toBeUndefined();
    expect(readCookies().vestibule_intermediate_session_token).toBeUndefined();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('with a custom API domain keeps the cached session and refreshes instead', async () => {
    localStorage.setItem(sessionStorageKey(TEST_TOKEN), JSON.stringify({ state: state(), cookie_domains: [] }));
    const refresh = vi.fn(async () => makeSessionResponse({ session_token: '', session_jwt: '' }));
    const m = manager(refresh, { customApiDomain: true });
    m.start();
    expect(m.getState()).toEqual(state());
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes every 180000 ms while there is a session, and logs out when a refresh fails', async () => {
    vi.useFakeTimers();
    expect(SESSION_REFRESH_INTERVAL_MS).toBe(180_000);
    let fail = false;
    const refresh = vi.fn(async () => {
      if (fail) throw new Error('session_not_found');
      return makeSessionResponse({ session_token: 'opaque-2', session_jwt: 'jwt-2' });
    });
    const m = manager(refresh);
    m.updateSession({ state: state(), session_token: 'opaque-1', session_jwt: 'jwt-1' });
    const listener = vi.fn();
    m.onChange(listener);

    m.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1); // at start: a session cookie exists
    expect(m.getTokens()).toEqual({ session_token: 'opaque-2', session_jwt: 'jwt-2' });

    await vi.advanceTimersByTimeAsync(179_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(m.getState()).not.toBeNull();

    fail = true;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(m.getState()).toBeNull();
    expect(readCookies()).toEqual({});
    expect(listener).toHaveBeenLastCalledWith(null);

    // Logged out: the timer no longer calls the server.
    await vi.advanceTimersByTimeAsync(180_000 * 3);
    expect(refresh).toHaveBeenCalledTimes(4);

    // stop() ends the timer even with a session.
    m.updateSession({ state: state(), session_token: 'opaque-3', session_jwt: 'jwt-3' });
    m.stop();
    await vi.advanceTimersByTimeAsync(180_000 * 3);
    expect(refresh).toHaveBeenCalledTimes(4);
  });

  it('ignores a refresh answer that arrives after a logout', async () => {
    let resolve!: (r: SessionResponse) => void;
    const m = manager(() => new Promise((r) => (resolve = r)));
    m.updateSession({ state: state(), session_token: 'opaque-1', session_jwt: 'jwt-1' });
    const pending = m.refresh();
    m.destroy();
    resolve(makeSessionResponse());
    await pending;
    expect(m.getState()).toBeNull();
    expect(readCookies()).toEqual({});
  });

  it('requireSession throws user_unauthenticated with the exact message', () => {
    const m = manager();
    expect(() => m.requireSession()).toThrow(
      expect.objectContaining({
        name: 'VestibuleSDKError',
        error_type: 'user_unauthenticated',
        message: 'Must have an active session to call this method. Have you logged in yet?',
      }),
    );
  });
});
