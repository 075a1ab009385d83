import type { SessionResponse, SignInResponse } from '@vestibule/contract';
import { INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS, type CookieJar } from './cookies.js';
import { USER_UNAUTHENTICATED_MESSAGE } from '@vestibule/contract/error-words';
import { VestibuleSDKError } from './errors.js';
import type { SessionState, SessionTokens, Unsubscribe } from './types.js';
import { browserStorage } from './browser-storage.js';

/** Background session refresh period. */
export const SESSION_REFRESH_INTERVAL_MS = 180_000;

/** What the client keeps in local storage per public token. */
export interface StoredClientData {
  state: SessionState | null;
  /** Every explicit cookie domain the session cookies were written on, so logout can clear each. */
  cookie_domains: string[];
}

/** The local-storage key of a public token's client data. */
export function sessionStorageKey(publicToken: string): string {
  return `vestibule::${publicToken}`;
}

/** One change of session, as a call's answer or a logout gives it. */
export interface SessionUpdate {
  state: SessionState | null;
  session_token?: string;
  session_jwt?: string;
  intermediate_session_token?: string;
}

export interface SessionManagerOptions {
  publicToken: string;
  cookies: CookieJar;
  /** With a custom API domain the server may keep the session in cookies the script cannot read. */
  customApiDomain: boolean;
  /** Calls POST /sdk/v1/sessions/authenticate. */
  refresh: () => Promise<SessionResponse>;
  /** Defaults to window.localStorage; falls back to memory when that is unavailable. */
  storage?: Storage | null;
}

export interface SessionManager {
  readonly storageKey: string;
  getState(): SessionState | null;
  getTokens(): SessionTokens | null;
  getSessionToken(): string | null;
  getIntermediateSessionToken(): string | null;
  /** True when a call that needs a session can be made. */
  hasSession(): boolean;
  /** Rejects (throws) VestibuleSDKError('user_unauthenticated') without a session. */
  requireSession(): void;
  updateSession(update: SessionUpdate): void;
  /** Stores a successful sign-in or refresh answer. */
  applySessionResponse(response: SessionResponse): void;
  /** Stores a sign-in's answer: a session, or an intermediate session (its cookie only, the session cookies removed). */
  applySignInResponse(response: SignInResponse): void;
  updateUser(user: SessionState['user']): void;
  /** Removes the cookies (on every seen domain) and sets the state to null. */
  destroy(): void;
  /** Refreshes now; on failure clears the session and rethrows. */
  refresh(): Promise<SessionResponse>;
  onChange(listener: (state: SessionState | null) => void): Unsubscribe;
  /**
   * Start-of-page rules: destroy without a session cookie, else refresh; then refresh every 180000 ms.
   * `signedInSince` (a client starts once the page is idle): a session cookie was written on the page
   * meanwhile, by another client's sign-in, which is no stale session to destroy.
   */
  start(options?: { signedInSince?: boolean }): void;
  stop(): void;
}

function parseData(raw: string | null): StoredClientData {
  const empty: StoredClientData = { state: null, cookie_domains: [] };
  if (!raw) return empty;
  try {
    const data = JSON.parse(raw) as Partial<StoredClientData> | null;
    if (typeof data !== 'object' || data === null) return empty;
    const state = data.state;
    const validState = typeof state === 'object' && state !== null && typeof state.user?.user_id === 'string' && typeof state.session?.session_id === 'string';
    const domains = Array.isArray(data.cookie_domains) ? data.cookie_domains.filter((d): d is string => typeof d === 'string') : [];
    return { state: validState ? state : null, cookie_domains: domains };
  } catch {
    return empty;
  }
}

/** What an empty storage stands for. */
const NOTHING_KEPT = JSON.stringify(parseData(null));

export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { cookies, customApiDomain } = options;
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const key = sessionStorageKey(options.publicToken);
  const listeners = new Set<(state: SessionState | null) => void>();
  let memory: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let listening = false;
  // Bumped on every local change, so an answer to a refresh started before it is ignored.
  let generation = 0;

  function readRaw(): string | null {
    try {
      return storage ? storage.getItem(key) : memory;
    } catch {
      return memory;
    }
  }

  let data = parseData(readRaw());
  let lastNotified = JSON.stringify(data.state);

  function persist(): void {
    const raw = JSON.stringify(data);
    memory = raw;
    try {
      // Unchanged, or nothing where nothing was kept (a first visit's start destroys a session there
      // is none of): no write.
      if (storage && (storage.getItem(key) ?? NOTHING_KEPT) !== raw) storage.setItem(key, raw);
    } catch {
      // quota or access errors: the in-memory copy still serves this tab
    }
  }

  function notify(): void {
    const serialized = JSON.stringify(data.state);
    if (serialized === lastNotified) return;
    lastNotified = serialized;
    for (const listener of [...listeners]) {
      try {
        listener(data.state);
      } catch (error) {
        console.error('Vestibule: a session change listener threw', error);
      }
    }
  }

  function rememberDomain(): void {
    const domain = cookies.domain;
    if (domain && !data.cookie_domains.includes(domain)) data.cookie_domains = [...data.cookie_domains, domain];
  }

  function removeSessionCookies(): void {
    cookies.remove(cookies.names.opaqueToken, data.cookie_domains);
    cookies.remove(cookies.names.jwt, data.cookie_domains);
  }

  function setState(state: SessionState | null): void {
    generation++;
    data = { ...data, state };
    persist();
    notify();
  }

  function updateSession(update: SessionUpdate): void {
    const { state, session_token, session_jwt, intermediate_session_token } = update;
    if (state && session_token && session_jwt) {
      const expires = new Date(state.session.expires_at);
      rememberDomain();
      cookies.set(cookies.names.opaqueToken, session_token, expires);
      cookies.set(cookies.names.jwt, session_jwt, expires);
      cookies.remove(cookies.names.intermediate, data.cookie_domains);
    } else if (state) {
      removeSessionCookies();
    } else if (intermediate_session_token) {
      rememberDomain();
      cookies.set(cookies.names.intermediate, intermediate_session_token, new Date(Date.now() + INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS));
      removeSessionCookies();
    } else {
      removeSessionCookies();
      cookies.remove(cookies.names.intermediate, data.cookie_domains);
    }
    setState(state);
  }

  function getSessionToken(): string | null {
    return cookies.get(cookies.names.opaqueToken);
  }

  function hasSession(): boolean {
    return getSessionToken() !== null || (customApiDomain && data.state !== null);
  }

  function destroy(): void {
    updateSession({ state: null });
  }

  async function refresh(): Promise<SessionResponse> {
    const started = generation;
    try {
      const response = await options.refresh();
      if (started === generation) applySessionResponse(response);
      return response;
    } catch (error) {
      if (started === generation) destroy();
      throw error;
    }
  }

  function refreshInBackground(): void {
    if (hasSession()) refresh().catch(() => undefined);
  }

  function applySessionResponse(response: SessionResponse): void {
    updateSession({
      state: { user: response.user, session: response.session },
      session_token: response.session_token,
      session_jwt: response.session_jwt,
    });
  }

  function applySignInResponse(response: SignInResponse): void {
    if ('intermediate_session_token' in response) updateSession({ state: null, intermediate_session_token: response.intermediate_session_token });
    else applySessionResponse(response);
  }

  function onStorage(event: StorageEvent): void {
    if (event.key !== key && event.key !== null) return;
    if (storage && event.storageArea && event.storageArea !== storage) return;
    data = parseData(event.key === null ? readRaw() : event.newValue);
    memory = event.key === null ? memory : event.newValue;
    generation++;
    notify();
  }

  return {
    storageKey: key,
    getState: () => data.state,
    getTokens() {
      const session_token = getSessionToken();
      const session_jwt = cookies.get(cookies.names.jwt);
      return session_token && session_jwt ? { session_token, session_jwt } : null;
    },
    getSessionToken,
    getIntermediateSessionToken: () => cookies.get(cookies.names.intermediate),
    hasSession,
    requireSession() {
      if (!hasSession()) throw new VestibuleSDKError('user_unauthenticated', USER_UNAUTHENTICATED_MESSAGE);
    },
    updateSession,
    applySessionResponse,
    applySignInResponse,
    updateUser(user) {
      if (data.state) setState({ ...data.state, user });
    },
    destroy,
    refresh,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start({ signedInSince = false } = {}) {
      if (typeof window !== 'undefined' && !listening) {
        window.addEventListener('storage', onStorage);
        listening = true;
      }
      if (signedInSince) {
        // Another client's sign-in on this page (its cookies are fresh): nothing stale to clear.
      } else if (getSessionToken() === null && !customApiDomain) {
        // No readable session cookie: whatever is cached is stale, and the spec destroys the
        // session (cookies removed, intermediate one included; state null).
        destroy();
      } else {
        refreshInBackground();
      }
      if (timer === undefined) {
        timer = setInterval(refreshInBackground, SESSION_REFRESH_INTERVAL_MS);
        // Outside a browser (server rendering, tests) the timer must not keep the process alive.
        (timer as { unref?: () => void }).unref?.();
      }
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      if (listening) window.removeEventListener('storage', onStorage);
      listening = false;
    },
  };
}
