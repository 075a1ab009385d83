import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import { getCookie } from 'hono/cookie';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { setFedCmCookie } from './fedcm-cookie.js';
import { LOGGED_IN } from '../../../http/login-status.js';

/** The cookie the widget keeps the session token in (@vestibule/client's default name), on the host page's host. */
const HOST_SESSION_COOKIE = 'vestibule_session';

/** The window's script: FedCM's IdentityProvider.close() hands back to the browser's dialog, which fetches the accounts again. */
const CLOSE = "if (typeof IdentityProvider !== 'undefined') IdentityProvider.close(); else window.close();";
const CLOSE_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(CLOSE).digest('base64')}'`;

/**
 * GET /fedcm/login, the config file's login_url: the browser opens it in a window of its own when it
 * has no account to show (the FedCM cookie is missing or its session ended). It is a top-level
 * navigation, so the host page's SameSite=Lax session cookie comes with it wherever it reaches the
 * API's host (the same host, as in development where cookies ignore the port, or the client's cookie
 * domain covering it); no page's fetch can do this. A live session is copied into the FedCM cookie,
 * with `Set-Login: logged-in` (honoured on a top-level navigation, Login Status API), and the window
 * closes itself. Without one, the person is sent to the project's sign-in page.
 */
export function registerLoginUrl(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { project } = deps.config;
  const signInPage = project.loginRedirectUrls[0] ?? project.allowedOrigins[0] ?? deps.config.idp.authorizationPageUrl;
  defineRoute(app, fedcmRoutes.login, async (c) => {
    const token = getCookie(c, HOST_SESSION_COOKIE);
    const session = token ? await deps.sessions.find(token, deps.clock()) : undefined;
    if (!token || !session) return c.redirect(signInPage, 302);
    setFedCmCookie(c, token, new Date(session.expires_at));
    c.header('Set-Login', LOGGED_IN['Set-Login']);
    c.header('Content-Security-Policy', CLOSE_CSP);
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Signed in</title><p>Signed in. This window closes by itself.</p><script>${CLOSE}</script></html>`,
    );
  });
}
