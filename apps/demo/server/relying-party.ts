import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';

/**
 * The sample relying party (issue 15): another application, on its own origin, that signs its
 * users in through Vestibule's OpenID Connect provider with a certified client library
 * (openid-client), as any app would, and shows the claims it received. It registers nothing
 * itself: in development the server knows it as the public client `demo-rp`.
 */
export interface RelyingPartyOptions {
  /** 0 for any free port (the answer's url says which). */
  port: number;
  /**
   * The provider's issuer: the API's public URL (discovery at {issuer}/.well-known/openid-configuration).
   * Read at the first sign-in, so the app can start before the provider, which registers the app
   * at the port the app got.
   */
  issuer: () => string;
  clientId?: string;
}

/** One browser's sign-in in progress, then its result (kept in memory: this is a demo). */
interface Visit {
  pending?: { codeVerifier: string; state: string; nonce: string };
  signedIn?: { claims: Record<string, unknown>; userinfo: Record<string, unknown>; idToken: string };
  /** The logout form's anti-forgery token: only a page the app served knows it. */
  csrf?: string;
  logoutState?: string;
  message?: string;
}

const COOKIE = 'demo_rp_visit';
/** Visits kept at most (the oldest forgotten first): every browser without the cookie makes one. */
const MAX_VISITS = 10_000;
/** The error codes an authorization answer may carry (RFC 6749 4.1.2.1, OpenID Connect Core 3.1.2.6). */
const OAUTH_ERRORS = new Set([
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
]);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1f24}
pre{background:#f3f5f6;padding:1rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
a.button,button{display:inline-block;padding:.5rem 1rem;background:#0b5563;color:#fff;border:0;border-radius:4px;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
a.button:focus-visible,button:focus-visible{outline:2px solid #0b5563;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export async function startRelyingParty(options: RelyingPartyOptions): Promise<{ url: string; close(): Promise<void> }> {
  // Known once listening (the port may be any free one); the handlers read it then.
  let url = `http://localhost:${options.port}`;
  const redirectUri = () => `${url}/callback`;
  const clientId = options.clientId ?? 'demo-rp';
  const visits = new Map<string, Visit>();

  // Discovered on first use, so the app starts even while the provider is still starting.
  let config: Promise<oidc.Configuration> | undefined;
  const provider = () =>
    (config ??= oidc
      .discovery(new URL(options.issuer()), clientId, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] })
      .catch((error: unknown) => {
        config = undefined;
        throw error;
      }));

  const visitOf = (req: IncomingMessage, res: ServerResponse): Visit => {
    const id = /(?:^|;\s*)demo_rp_visit=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (id && visits.has(id)) return visits.get(id)!;
    const fresh = randomBytes(18).toString('base64url');
    const visit: Visit = {};
    if (visits.size >= MAX_VISITS) visits.delete(visits.keys().next().value!);
    visits.set(fresh, visit);
    res.setHeader('Set-Cookie', `${COOKIE}=${fresh}; Path=/; HttpOnly; SameSite=Lax`);
    return visit;
  };
  /** formTargets: origins a form on the page may end up at (form-action covers the redirects after the post). */
  const send = (res: ServerResponse, status: number, html: string, formTargets: string[] = []) => {
    const formAction = ["'self'", ...formTargets].join(' ');
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
    });
    res.end(html);
  };
  /** The form's token, compared in constant time with the one this browser's page was given. */
  const formCarriesToken = async (req: IncomingMessage, visit: Visit): Promise<boolean> => {
    let body = '';
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > 1024) return false;
    }
    const sent = Buffer.from(new URLSearchParams(body).get('csrf') ?? '');
    const kept = Buffer.from(visit.csrf ?? '');
    return kept.length > 0 && sent.length === kept.length && timingSafeEqual(sent, kept);
  };
  const redirect = (res: ServerResponse, to: string) => {
    res.writeHead(302, { Location: to, 'Cache-Control': 'no-store' });
    res.end();
  };

  const home = (visit: Visit) => {
    const note = visit.message ? `<p role="status">${escapeHtml(visit.message)}</p>` : '';
    visit.message = undefined;
    if (!visit.signedIn) {
      return page(
        'Sample app',
        `${note}<p>An app of its own, on another origin, that lets people sign in with their Vestibule account.</p><p><a class="button" href="/login">Sign in with Vestibule</a></p>`,
      );
    }
    const { claims, userinfo } = visit.signedIn;
    return page(
      'Sample app',
      `${note}<p>Signed in as <strong data-testid="rp-email">${escapeHtml(String(claims.email ?? claims.sub))}</strong>.</p>
<h2>ID token claims</h2><pre data-testid="rp-claims">${escapeHtml(JSON.stringify(claims, null, 2))}</pre>
<h2>Userinfo</h2><pre data-testid="rp-userinfo">${escapeHtml(JSON.stringify(userinfo, null, 2))}</pre>
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${visit.csrf}"><button type="submit">Log out</button></form>`,
    );
  };

  const server = createServer((req, res) => {
    const at = new URL(req.url ?? '/', url);
    const visit = visitOf(req, res);
    const handle = async () => {
      if (at.pathname === '/') {
        // The logout form's post is answered with a redirect to the provider's logout page.
        const endSession = visit.signedIn ? (await provider()).serverMetadata().end_session_endpoint : undefined;
        return send(res, 200, home(visit), endSession ? [new URL(endSession).origin] : []);
      }
      if (at.pathname === '/login') {
        const pending = { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
        visit.pending = pending;
        // /login?prompt=login (or ?max_age=seconds) asks the provider for a fresh sign-in; the claims then show its auth_time.
        const fresh = Object.fromEntries(['prompt', 'max_age'].flatMap((name) => (at.searchParams.get(name) ? [[name, at.searchParams.get(name)!]] : [])));
        const authorize = oidc.buildAuthorizationUrl(await provider(), {
          redirect_uri: redirectUri(),
          scope: 'openid email profile',
          code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
          code_challenge_method: 'S256',
          state: pending.state,
          nonce: pending.nonce,
          ...fresh,
        });
        return redirect(res, authorize.href);
      }
      if (at.pathname === '/callback') {
        const pending = visit.pending;
        visit.pending = undefined;
        if (at.searchParams.has('error')) {
          // Only the standard codes are quoted: the query is anyone's to write, and its words would be the app's.
          const error = at.searchParams.get('error')!;
          visit.message = `The sign-in did not happen${OAUTH_ERRORS.has(error) ? ` (${error})` : ''}.`;
          return redirect(res, '/');
        }
        if (!pending) {
          visit.message = 'That sign-in was not started here (or was already finished).';
          return redirect(res, '/');
        }
        const configuration = await provider();
        const tokens = await oidc.authorizationCodeGrant(configuration, at, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
        });
        const claims = tokens.claims()!;
        const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        visit.signedIn = { claims: { ...claims }, userinfo: { ...userinfo }, idToken: tokens.id_token! };
        visit.csrf = randomBytes(18).toString('base64url');
        return redirect(res, '/');
      }
      if (at.pathname === '/logout') {
        // Logging out ends the Vestibule session too (id_token_hint), so it must be the person's own
        // act: a POST from the app's page with its token. A link or form on another site does nothing.
        if (req.method !== 'POST') {
          res.setHeader('Allow', 'POST');
          return send(
            res,
            405,
            page(
              'Log out from the app',
              '<p>Use the Log out button on the sample app\'s page; nothing was changed.</p><p><a href="/">Back to the sample app</a></p>',
            ),
          );
        }
        if (!(await formCarriesToken(req, visit))) {
          return send(
            res,
            403,
            page(
              'Still signed in',
              '<p>That logout did not come from the sample app\'s own page, so you are still signed in.</p><p><a href="/">Back to the sample app</a></p>',
            ),
          );
        }
        const signedIn = visit.signedIn;
        visit.csrf = undefined;
        visit.signedIn = undefined;
        if (!signedIn) return redirect(res, '/');
        visit.logoutState = oidc.randomState();
        const end = oidc.buildEndSessionUrl(await provider(), {
          post_logout_redirect_uri: `${url}/`,
          id_token_hint: signedIn.idToken,
          state: visit.logoutState,
        });
        return redirect(res, end.href);
      }
      send(res, 404, page('Not found', '<p><a href="/">Back to the sample app</a></p>'));
    };
    handle().catch((error: unknown) => {
      // The library's message names what failed (state, nonce, signature, issuer...): say it. A
      // sign-in that failed leaves an earlier one as it was: another site can send the browser to
      // a forged callback, and that must not sign the person out.
      visit.message = `The sign-in could not be completed: ${error instanceof Error ? error.message : String(error)}`;
      redirect(res, '/');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
