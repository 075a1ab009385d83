import type { Session, SessionResponse, User } from '@vestibule/contract';
import { browserStorage } from './browser-storage.js';
import { createBootstrapCache } from './bootstrap.js';
import { createCookieJar, sessionCookiesWritten } from './cookies.js';
import { eventsLater } from './events-later.js';
import { createHttpClient, resolveBaseUrl } from './http.js';
import { lazyCalls } from './lazy-calls.js';
import { ATTESTED_SESSION_DURATION_MINUTES, createSignIn } from './sign-in.js';
import { B2B_TOKEN_MESSAGE, parsePublicToken } from './public-token.js';
import { createSessionManager, type SessionManager } from './session-manager.js';
import type { ClientOptions, SessionState, Unsubscribe, VestibuleClient } from './types.js';
import { whenIdle } from './when-idle.js';

/** The longest a busy page defers the start-of-page work (the session rules, the bootstrap fetch). */
const START_WITHIN_MS = 500;

/** Calls back with one slice of the session state whenever that slice changes. */
function watch<T>(
  subscribe: (listener: (state: SessionState | null) => void) => Unsubscribe,
  current: () => T,
  select: (state: SessionState | null) => T,
  callback: (value: T) => void,
): Unsubscribe {
  let last = JSON.stringify(current());
  return subscribe((state) => {
    const value = select(state);
    const serialized = JSON.stringify(value);
    if (serialized === last) return;
    last = serialized;
    callback(value);
  });
}

export function createVestibuleClient(options: ClientOptions): VestibuleClient {
  const { publicToken } = options;
  if (typeof publicToken !== 'string' || publicToken === '') {
    throw new TypeError('createVestibuleClient: publicToken is required.');
  }
  if (parsePublicToken(publicToken)?.vertical === 'b2b') console.error(B2B_TOKEN_MESSAGE);

  const baseUrl = resolveBaseUrl(options);
  const hasCustomApiDomain = Boolean(options.customApiDomain);
  const cookies = createCookieJar(options.cookieOptions);
  const http = createHttpClient({
    baseUrl,
    publicToken,
    getSessionToken: () => cookies.get(cookies.names.opaqueToken),
    includeCredentials: hasCustomApiDomain,
    fetch: options.fetch,
  });

  // Without session_duration_minutes the server checks the session and mints a fresh JWT but does
  // not extend it: the background refresh keeps the length the user signed in with.
  const authenticateSession = (session_duration_minutes?: number): Promise<SessionResponse> =>
    http.request('POST /sdk/v1/sessions/authenticate', session_duration_minutes === undefined ? {} : { session_duration_minutes });

  // The session manager is made, and the start-of-page rules applied, on the first use of the
  // session or once the browser is idle: reading storage and cookies for the first time costs a page
  // milliseconds that a widget's first paint, which reads neither, need not wait for.
  let made: SessionManager | undefined;
  // A client destroyed before the browser is idle does not start: its session rules would act on
  // the cookies of whatever signs in on the page meanwhile.
  let destroyed = false;
  // Session cookies written on the page before this client starts are another client's sign-in.
  const writtenAtCreation = sessionCookiesWritten();
  const madeSessions = (): SessionManager => {
    if (!made) {
      made = createSessionManager({ publicToken, cookies, customApiDomain: hasCustomApiDomain, refresh: () => authenticateSession() });
      // A destroyed client still answers reads, but refreshes and listens no more.
      if (!destroyed) made.start({ signedInSince: sessionCookiesWritten() !== writtenAtCreation });
    }
    return made;
  };
  const sessions = new Proxy({} as SessionManager, { get: (_target, key) => Reflect.get(madeSessions(), key) });
  const signIn = createSignIn(http, sessions);
  const bootstrap = createBootstrapCache({ publicToken, http });
  const events = eventsLater(http);
  // The PKCE verifier of each wallet's last sign-in message: a sign-in and the account page's link send it.
  const walletVerifiers = new Map<string, string>();

  const getUser = async (): Promise<User> => {
    sessions.requireSession();
    const response = await http.request('GET /sdk/v1/users/me');
    const { status_code: _status, request_id: _request, ...user } = response;
    sessions.updateUser(user);
    return user;
  };

  const client: VestibuleClient = {
    publicToken,
    baseUrl,
    // Each way in's calls load on their first use (lazy-calls.ts): none is needed to draw a widget.
    magicLinks: lazyCalls(() => import('./magic-links.js').then((m) => m.createMagicLinks(http, signIn, publicToken, browserStorage()))),
    otps: lazyCalls(() => import('./otps.js').then((m) => m.createOtps(http, signIn))),
    users: lazyCalls(() => import('./passwords.js').then((m) => m.createUsersSearch(http))),
    passwords: lazyCalls(() => import('./passwords.js').then((m) => m.createPasswords(http, signIn, publicToken, browserStorage()))),
    webauthn: lazyCalls(() => import('./passkeys.js').then((m) => m.createPasskeys(http, signIn, sessions, getUser))),
    oauth: lazyCalls(() => import('./oauth.js').then((m) => m.createOAuth(http, baseUrl, publicToken, signIn))),
    cryptoWallets: lazyCalls(() => import('./wallets.js').then((m) => m.createWallets(http, signIn, walletVerifiers))),
    twoStep: lazyCalls(() => import('./two-step.js').then((m) => m.createTwoStep(http, signIn, sessions))),
    account: lazyCalls(() => import('./account.js').then((m) => m.createAccount(http, sessions, (address) => walletVerifiers.get(address)))),
    idp: lazyCalls(() => import('./idp.js').then((m) => m.createIdp(http))),
    session: {
      getSync: () => sessions.getState()?.session ?? null,
      getTokens: () => sessions.getTokens(),
      async authenticate(authOptions = {}) {
        sessions.requireSession();
        try {
          const response = await authenticateSession(authOptions.session_duration_minutes);
          sessions.applySessionResponse(response);
          return response;
        } catch (error) {
          sessions.destroy();
          throw error;
        }
      },
      async revoke(revokeOptions = {}) {
        if (!sessions.hasSession()) {
          sessions.destroy();
          return;
        }
        try {
          await http.request('POST /sdk/v1/sessions/revoke', {});
        } catch (error) {
          if (revokeOptions.forceClear) sessions.destroy();
          throw error;
        }
        sessions.destroy();
      },
      attest: ({ profile_id, token, session_duration_minutes }) =>
        signIn('POST /sdk/v1/sessions/attest', { profile_id, token, session_duration_minutes: session_duration_minutes ?? ATTESTED_SESSION_DURATION_MINUTES }),
      onChange: (callback) =>
        watch<Session | null>(
          sessions.onChange,
          () => sessions.getState()?.session ?? null,
          (s) => s?.session ?? null,
          callback,
        ),
    },
    user: {
      getSync: () => sessions.getState()?.user ?? null,
      get: getUser,
      onChange: (callback) =>
        watch<User | null>(
          sessions.onChange,
          () => sessions.getState()?.user ?? null,
          (s) => s?.user ?? null,
          callback,
        ),
    },
    bootstrap: {
      getSync: () => bootstrap.getSync(),
      getAsync: () => bootstrap.getAsync(),
      isKnown: () => bootstrap.isKnown(),
    },
    events: {
      log: (name, details) => events.log(name, details),
      flush: () => events.flush(),
    },
    destroy() {
      destroyed = true;
      made?.stop();
      events.destroy();
    },
  };

  whenIdle(() => {
    if (destroyed) return;
    madeSessions();
    bootstrap.prefetch();
  }, START_WITHIN_MS);
  events.log('sdk_instance_instantiated', {});
  return client;
}
