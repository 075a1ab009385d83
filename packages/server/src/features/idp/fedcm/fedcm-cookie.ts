import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { liveSession } from '../../../http/session-auth.js';
import type { SessionRow } from '../../../storage/database.js';

/**
 * The cookie FedCM's accounts and ID assertion endpoints read the person from. Chromium sends those
 * requests only the cookies marked SameSite=None (Chrome 125+; FedCM's "fetch the accounts" note),
 * and the widget's own session cookie is SameSite=Lax, written by the host page's script. So the
 * login URL copies the session into this one: HttpOnly (no page's script reads it), Secure and
 * SameSite=None (FedCM's requests carry it), `__Host-` (only the API's own host may write it: a
 * sibling subdomain cannot plant another person's session). Its value is the session token itself,
 * so it ends with the session (sign-out, expiry, revocation) and nothing more is stored.
 */
export const FEDCM_COOKIE = '__Host-vestibule_fedcm';

/** Sets the cookie to the session's token until the session's own expiry. */
export function setFedCmCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, FEDCM_COOKIE, token, { path: '/', httpOnly: true, secure: true, sameSite: 'None', expires: expiresAt });
}

/** The live session of the FedCM cookie, as a Bearer token's is found (liveSession). */
export function fedcmSession(c: Context<AppEnv>, deps: AppDeps): Promise<SessionRow> {
  return liveSession(deps, getCookie(c, FEDCM_COOKIE));
}
