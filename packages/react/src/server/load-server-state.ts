import { createServerCalls, type ServerCalls, type ServerCallsOptions } from '@vestibule/client/server';
import { readIdpRequest } from '../features/identity-provider/params';
import { readTokenType } from '../flow/linkToken';
import type { IdpServerPreflight, ServerState } from '../types';

/** The mounts a server can draw whole, given what it reads here. */
export type ServerRenderedMount = 'passwordReset' | 'passkeyRegistration' | 'account' | 'identityProvider';

export interface LoadServerStateOptions extends ServerCallsOptions {
  /** Which mount the page renders: it decides what is read (the devices for the account page, the preflight for the identity provider). */
  mount: ServerRenderedMount;
  /** The page's address as the server received it: absolute, or its path and query. */
  url: string;
  /** The reset mount's token, when it is not the address's `token` parameter. */
  passwordResetToken?: string;
}

/** Refusals that may pass in a moment: timed out, too early, too many. */
const TRY_AGAIN = new Set([408, 425, 429]);

/** The errors that say the session cookie names no live session: the visitor is signed out. */
const SIGNED_OUT = new Set(['session_not_found', 'user_unauthenticated', 'invalid_session_token', 'unauthorized_credentials']);

const errorOf = (err: unknown): { error_type: string; error_message: string } => {
  const { error_type, error_message } = (err ?? {}) as { error_type?: unknown; error_message?: unknown };
  return {
    error_type: typeof error_type === 'string' ? error_type : 'sdk_error',
    error_message: typeof error_message === 'string' ? error_message : String(err),
  };
};

/** The page's query string: '?…', or '' without one (or for an address that cannot be read: the page still renders). */
function searchOf(url: string): string {
  try {
    const search = new URL(url, 'http://host.invalid').search;
    return search === '?' ? '' : search;
  } catch {
    return '';
  }
}

/**
 * What a host's server reads so a mount draws its first screen there (`serverState`), with the
 * visitor's session from the request's cookies: the user (null when signed out), the project's
 * bootstrap, the account page's devices, the reset link's check, the identity provider's preflight
 * for the request in the address. The reads go together, within one `timeoutMs`. Resolves to
 * undefined when the visitor's session could not be checked (the API is down or slow, the public
 * token is refused): the mount then draws as without it, loading until the browser reads the
 * session itself. What else fails is left to the browser, as without a server.
 */
export async function loadServerState(options: LoadServerStateOptions): Promise<ServerState | undefined> {
  const { mount, url } = options;
  const calls = createServerCalls(options);
  const search = searchOf(url);
  const now = Date.now();
  const settled = <T>(read: Promise<T>): Promise<T | undefined> => read.catch(() => undefined);
  const [signedIn, bootstrap, devices, passwordReset, idp] = await Promise.all([
    calls.hasSession
      ? calls.authenticate().then(
          (answer) => answer.user,
          (err: unknown) => (SIGNED_OUT.has(errorOf(err).error_type) ? null : undefined),
        )
      : null,
    settled(calls.bootstrap()),
    mount === 'account' && calls.hasSession ? settled(calls.sessions().then((answer) => answer.sessions)) : undefined,
    mount === 'passwordReset' ? resetCheck(calls, options.passwordResetToken ?? new URLSearchParams(search).get('token'), search) : undefined,
    mount === 'identityProvider' ? idpPreflight(calls, search) : undefined,
  ]);
  if (signedIn === undefined) return undefined;
  const state: ServerState = { search, now, user: signedIn, session: calls.sessionMark };
  if (bootstrap) state.bootstrap = bootstrap;
  // The devices of the user the session is (a list read for a session that is over is not).
  if (signedIn && devices) state.devices = devices;
  if (passwordReset) state.passwordReset = passwordReset;
  if (idp) state.idp = idp;
  return state;
}

/**
 * The reset link's token checked, as the reset form checks it on opening (a magic-link or a
 * provider's token is no reset token: those screens need no check). Another failure than a dead
 * token leaves the check to the browser.
 */
async function resetCheck(calls: ServerCalls, token: string | null, search: string): Promise<ServerState['passwordReset']> {
  if (!token || readTokenType(search) === 'login' || readTokenType(search) === 'oauth') return undefined;
  try {
    return { token, check: 'valid', email: (await calls.checkResetToken(token)).email };
  } catch (err) {
    return errorOf(err).error_type === 'invalid_reset_token' ? { token, check: 'dead' } : undefined;
  }
}

/**
 * The identity provider's preflight for the request in the query (none when a parameter is
 * missing: that screen needs no call). Read-only: no code is issued and no session ended here; the
 * browser carries on from its answer.
 */
async function idpPreflight(calls: ServerCalls, search: string): Promise<IdpServerPreflight | undefined> {
  const request = readIdpRequest(search);
  if (!('params' in request)) return undefined;
  try {
    if (request.flow === 'Logout') return { logout: await calls.idp.logoutStart(request.params) };
    return { authorize: await calls.idp.authorizeStart(request.params) };
  } catch (err) {
    // Only a refusal of the request itself is drawn (a client or address not registered, no
    // session): one that may pass in a moment (the API busy or down, a limit on the host's one
    // address) leaves the preflight to the browser.
    const status = (err as { status_code?: unknown }).status_code;
    if (typeof status !== 'number' || status < 400 || status >= 500 || TRY_AGAIN.has(status)) return undefined;
    return { error: errorOf(err) };
  }
}
