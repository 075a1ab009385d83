import type { Bootstrap } from '@vestibule/contract';
import { pickBootstrap } from './bootstrap.js';
import { cookieNames } from './cookies.js';
import { VestibuleSDKError } from './errors.js';
import { createHttpClient, resolveBaseUrl } from './http.js';
import { createIdp } from './idp.js';
import { checkResetToken } from './passwords.js';
import { sessionMark } from './session-mark.js';
import type { ClientOptions, VestibuleClient } from './types.js';

/**
 * For a host's server that renders a widget (a Node handler, a Next.js server component): the
 * visitor's session as the request's cookies carry it, and the reads a first screen needs, made
 * with that session. The browser's client stays the one that signs in and out and writes the
 * cookies; nothing here uses a browser API or changes a session.
 */
export interface ServerCallsOptions extends Pick<ClientOptions, 'publicToken' | 'apiBaseUrl' | 'cookieOptions' | 'fetch'> {
  /** The request's Cookie header as the browser sent it (Node's `req.headers.cookie`); none when it sent none. */
  cookie: string | readonly string[] | null | undefined;
  /** The longest these calls may take together (ms; 3000 unless given): a page being rendered does not wait on an API that does not answer. */
  timeoutMs?: number;
}

/** How long a server render waits for its calls, unless told otherwise. */
export const SERVER_CALL_TIMEOUT_MS = 3000;

export interface ServerCalls {
  /** Whether the request carries a session cookie (the calls below need one). */
  readonly hasSession: boolean;
  /** The mark of the session the calls are made with (sessionMark), null without one: the browser compares its own. */
  readonly sessionMark: string | null;
  /** The session checked: its user and session; a session that is over rejects with session_not_found or user_unauthenticated. */
  authenticate(): ReturnType<VestibuleClient['session']['authenticate']>;
  /** The project's bootstrap (its name, the watermark, the password rules), as the widgets read it. */
  bootstrap(): Promise<Bootstrap>;
  /** The signed-in user's devices, as the account page lists them. */
  sessions(): ReturnType<VestibuleClient['account']['sessions']>;
  /** Whether a password-reset link's token still works, and for which address (rejects with invalid_reset_token). */
  checkResetToken(token: string): ReturnType<VestibuleClient['passwords']['checkResetToken']>;
  /** The identity provider's preflights (read-only: no code is issued, no session ended). */
  idp: Pick<VestibuleClient['idp'], 'authorizeStart' | 'logoutStart'>;
}

/** A session token as the server issues them (base64url): anything else is no session, and is not sent on. */
const TOKEN_SHAPE = /^[\w-]{16,512}$/;

const decode = (text: string) => text.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);

/**
 * The value of the first cookie of this name the browser's client reads too (js-cookie's rules:
 * the name and the value percent-decoded, a quoted value unquoted, a pair that does not decode
 * passed over), so that both sides see the same session when a page carries two of that name.
 */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split('; ')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    let value = pair.slice(at + 1);
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      if (decodeURIComponent(pair.slice(0, at)) === name) return decode(value);
    } catch {
      // not readable: the browser's client passes it over too
    }
  }
  return null;
}

/** The session token in a request's cookies, or null. */
function sessionToken(cookie: ServerCallsOptions['cookie'], name: string): string | null {
  // Node gives an array where a request sent the header more than once (headersDistinct).
  const header = Array.isArray(cookie) ? cookie.join('; ') : typeof cookie === 'string' ? cookie : '';
  const value = cookieValue(header, name);
  return value && TOKEN_SHAPE.test(value) ? value : null;
}

export function createServerCalls(options: ServerCallsOptions): ServerCalls {
  const timeout = options.timeoutMs ?? SERVER_CALL_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 2 ** 31 - 1)
    throw new TypeError(`timeoutMs must be a whole number of milliseconds from 1, not ${timeout}.`);
  const baseUrl = resolveBaseUrl(options);
  // In the browser a path is read against the page; a server has no page.
  if (!/^https?:\/\//i.test(baseUrl))
    throw new VestibuleSDKError('sdk_error', `apiBaseUrl must be an absolute http(s) address on a server, not "${baseUrl.slice(0, 40)}".`);
  const token = sessionToken(options.cookie, cookieNames(options.cookieOptions).opaqueToken);
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // One deadline for every call: past it a call is aborted, and rejects as one that could not reach
  // the API (network_error), also where a host's own fetch would not listen to the signal.
  const deadline = AbortSignal.timeout(timeout);
  const passed = new Promise<never>((_resolve, reject) => {
    if (deadline.aborted) reject(deadline.reason);
    deadline.addEventListener('abort', () => reject(deadline.reason), { once: true });
  });
  passed.catch(() => undefined);
  const fetchInTime: typeof fetch = (input, init) => Promise.race([send(input, { ...init, signal: deadline }), passed]);
  const http = createHttpClient({ baseUrl, publicToken: options.publicToken, getSessionToken: () => token, fetch: fetchInTime });
  const idp = createIdp(http);
  return {
    hasSession: token !== null,
    sessionMark: sessionMark(token),
    // Without session_duration_minutes the session is checked, not extended (as the browser's background refresh does).
    authenticate: () => http.request('POST /sdk/v1/sessions/authenticate', {}),
    bootstrap: async () => pickBootstrap(await http.request('GET /sdk/v1/projects/bootstrap')),
    sessions: () => http.request('GET /sdk/v1/account/sessions'),
    checkResetToken: (token) => checkResetToken(http, token),
    idp: { authorizeStart: idp.authorizeStart, logoutStart: idp.logoutStart },
  };
}
