import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { enforceClientLimit } from '../../../http/limits.js';
import { LOGGED_IN } from '../../../http/login-status.js';
import { requestHeader } from '../../../http/request-header.js';
import { ApiError } from '../../../kernel/api-error.js';
import { getUser } from '../../../kernel/users.js';
import { setFedCmCookie } from './fedcm-cookie.js';
import { fedcmForm } from './form.js';

/** The cookie the widget keeps the session token in (@vestibule/client's default name), on the host page's host. */
const HOST_SESSION_COOKIE = 'vestibule_session';

/** The window's script: FedCM's IdentityProvider.close() hands back to the browser's dialog, which fetches the accounts again. */
const CLOSE = "if (typeof IdentityProvider !== 'undefined') IdentityProvider.close(); else window.close();";
const CLOSE_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(CLOSE).digest('base64')}'`;
/** The question page's look, as plain as the window it is in: the address may be long (it wraps), the button reachable by keyboard. */
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2933;overflow-wrap:anywhere}h1{font-size:1.5rem;margin:0 0 1rem}button{font:inherit;font-weight:600;width:100%;padding:.75rem 1rem;border:0;border-radius:6px;background:#0b525b;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #0b525b;outline-offset:2px}';
/** The question page: no script, its one form posted back here, its one style. */
const ASK_CSP = `default-src 'none'; form-action 'self'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The host page's session cookies this request carries. The widget writes its cookie from the host
 * page's script, so any page on a sibling host (another port in development, any subdomain of the
 * cookie's domain) can write one too, and a more specific path is sent first: two of them mean
 * someone put one there, and neither is taken.
 */
function hostSessionTokens(c: Context<AppEnv>): string[] {
  const prefix = `${HOST_SESSION_COOKIE}=`;
  return (requestHeader(c, 'Cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(prefix))
    .map((part) => part.slice(prefix.length));
}

/**
 * FedCM's login URL, the config file's login_url: the browser opens it in a window of its own when it
 * has no account to show. A top-level navigation, it carries the host page's SameSite=Lax session
 * cookie wherever that reaches the API's host (the same host, as in development where cookies ignore
 * the port, or the client's cookie domain covering it); no page's fetch can do this.
 *
 * GET asks 'Continue as {email}' on the API's own page; only that press (POST, from this page:
 * Sec-Fetch-Site same-origin) copies the session it showed into the FedCM cookie, with
 * `Set-Login: logged-in`, and the window closes itself. The question is there because the session
 * cookie is one a sibling host can write: copied without a word, another person's session planted
 * there would sign this browser in to every FedCM app as that person (login CSRF). Without a live
 * session the person is sent to the project's sign-in page.
 */
export function registerLoginUrl(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { project } = deps.config;
  const signInPage = project.loginRedirectUrls[0] ?? project.allowedOrigins[0] ?? deps.config.idp.authorizationPageUrl;
  const limit = (c: Context<AppEnv>) =>
    enforceClientLimit(deps, c, 'fedcm-login', deps.config.rateLimits.idpPerIp, 'Too many sign-in windows from this address.');

  /** The browser's one live host session, or why there is none to take. */
  const hostSession = async (c: Context<AppEnv>) => {
    const tokens = hostSessionTokens(c);
    if (tokens.length > 1) return { problem: 'two' as const };
    const token = tokens[0];
    const session = token ? await deps.sessions.find(token, deps.clock()) : undefined;
    return token && session ? { token, session } : { problem: 'none' as const };
  };

  const page = (c: Context<AppEnv>, title: string, body: ReturnType<typeof html>, status: 200 | 409 = 200) => {
    c.header('Content-Security-Policy', ASK_CSP);
    return c.html(
      html`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><style>${raw(STYLE)}</style><main><h1>${title}</h1>${body}</main></html>`,
      status,
    );
  };
  const twoSessions = (c: Context<AppEnv>) =>
    page(
      c,
      'Sign in again',
      html`<p>This browser holds more than one Vestibule session for this site, which another site may have put there. Sign out, sign in again, then try again.</p>`,
      409,
    );

  defineRoute(app, fedcmRoutes.login, async (c) => {
    await limit(c);
    const found = await hostSession(c);
    if ('problem' in found) return found.problem === 'two' ? twoSessions(c) : c.redirect(signInPage, 302);
    const user = await getUser(deps, found.session.user_id);
    const email = user?.emails.find((entry) => entry.primary)?.email ?? user?.emails[0]?.email ?? user?.phone_numbers[0]?.phone_number ?? '';
    return page(
      c,
      'Sign in with Vestibule',
      html`<p>Apps that offer “Sign in with Vestibule” in this browser will offer the account ${email}.</p><form method="post"><input type="hidden" name="session_id" value="${found.session.session_id}"><button type="submit">Continue as ${email}</button></form>`,
    );
  });

  defineRoute(app, fedcmRoutes.loginConfirm, async (c) => {
    await limit(c);
    // The press on this URL's own page: a form on any other page, a sibling host's too, is not same-origin.
    if (requestHeader(c, 'Sec-Fetch-Site') !== 'same-origin') throw new ApiError('forbidden', 'Continue on the sign-in window’s own page.');
    const form = await fedcmForm(c, fedcmRoutes.loginConfirm.form);
    const found = await hostSession(c);
    if ('problem' in found) return found.problem === 'two' ? twoSessions(c) : c.redirect(signInPage, 302);
    // Another session than the one the page showed (signed out and in as someone else meanwhile): ask again.
    if (found.session.session_id !== form.session_id) return c.redirect(new URL(c.req.url).pathname, 303);
    setFedCmCookie(c, found.token, new Date(found.session.expires_at));
    c.header('Set-Login', LOGGED_IN['Set-Login']);
    c.header('Content-Security-Policy', CLOSE_CSP);
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Signed in</title><p>Signed in. This window closes by itself.</p><script>${CLOSE}</script></html>`,
    );
  });
}
