import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';

/**
 * The sample relying party (issue 15): another application, on its own origin, that signs its
 * users in through Vestibule's OpenID Connect provider with a certified client library
 * (openid-client), as any app would, and shows the claims it received. It registers nothing
 * itself: in development the server knows it as the public client `demo-rp`. Where the browser
 * has FedCM, the signed-out page asks it for the person's account (the provider's
 * /fedcm/config.json) and sends the ID token the browser hands it to this server; 'Sign in with
 * Vestibule' is the redirect flow, as before.
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
  /** The nonce the page's FedCM call sends (a new one each time the signed-out page is drawn); used once. */
  fedcmNonce?: string;
  /** userinfo: from the code flow's access token; FedCM gives an ID token alone. */
  signedIn?: { claims: Record<string, unknown>; userinfo?: Record<string, unknown>; idToken: string };
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

/** Where the provider's FedCM config file is: told to relying parties out of band, as FedCM has it. */
const FEDCM_CONFIG_PATH = '/fedcm/config.json';

/**
 * The signed-out page's script. Where the browser has FedCM ('IdentityCredential' in window), the
 * page asks it as it opens, in FedCM's default (passive) mode: a person signed in at the provider
 * is offered their account in the browser's own prompt, and choosing it signs them in here, the ID
 * token going to this server as JSON (no other site's form can send that), with the nonce in params
 * (Chrome 145+ reads it only there). It is not asked on the click: with no account to show, Chromium
 * answers only after a random delay of seconds (FedCM's guard against timing the provider), which
 * the click would wait out. So 'Sign in with Vestibule' is the redirect flow, and following it
 * withdraws the request. Without FedCM, with no account, or dismissed, the page stays as it is; an
 * account chosen whose sign-in then fails goes on through the redirect flow.
 */
const FEDCM_SCRIPT = `const link = document.querySelector('[data-fedcm-config]');
if ('IdentityCredential' in window) {
  const asking = new AbortController();
  link.addEventListener('click', () => asking.abort());
  const { fedcmConfig: configURL, fedcmClient: clientId, fedcmNonce: nonce } = link.dataset;
  navigator.credentials.get({ identity: { providers: [{ configURL, clientId, params: { nonce } }] }, signal: asking.signal }).then(
    async (credential) => {
      const answer = await fetch('/fedcm', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: credential.token }) });
      location.assign(answer.ok ? '/' : link.href);
    },
    (error) => {
      if (error.name === 'IdentityCredentialError') location.assign(link.href);
    },
  );
}
`;

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

  /**
   * FedCM hands the page an ID token alone, as the implicit flow (response_type=id_token) hands one in
   * the redirect's fragment: openid-client's check of that flow is the check here (the signature by
   * the provider's JWKS, issuer, audience, expiry, nonce), on a configuration of its own.
   */
  let fedcmConfiguration: Promise<oidc.Configuration> | undefined;
  const fedcmProvider = () =>
    (fedcmConfiguration ??= provider()
      .then((discovered) => {
        const configuration = new oidc.Configuration(discovered.serverMetadata(), clientId);
        oidc.allowInsecureRequests(configuration);
        oidc.useIdTokenResponseType(configuration);
        return configuration;
      })
      .catch((error: unknown) => {
        fedcmConfiguration = undefined;
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
  /**
   * formTargets: origins a form on the page may end up at (form-action covers the redirects after the
   * post). connectTo: origins the page's script reaches besides its own: FedCM checks its configURL
   * against connect-src.
   */
  const send = (res: ServerResponse, status: number, html: string, formTargets: string[] = [], connectTo: string[] = []) => {
    const formAction = ["'self'", ...formTargets].join(' ');
    const connect = ["'self'", ...connectTo].join(' ');
    res.writeHead(status, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src ${connect}; form-action ${formAction}`,
    });
    res.end(html);
  };
  const sendJson = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  /** A JSON body of at most 16 KiB (an ID token is a few hundred bytes); undefined when it is not one. */
  const jsonBody = async (req: IncomingMessage): Promise<unknown> => {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
    let body = '';
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > 16_384) return undefined;
    }
    try {
      return JSON.parse(body);
    } catch {
      return undefined;
    }
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

  const fedcmConfigUrl = () => new URL(FEDCM_CONFIG_PATH, options.issuer()).href;
  const home = (visit: Visit) => {
    const note = visit.message ? `<p role="status">${escapeHtml(visit.message)}</p>` : '';
    visit.message = undefined;
    if (!visit.signedIn) {
      visit.fedcmNonce = oidc.randomNonce();
      const fedcm = `data-fedcm-config="${escapeHtml(fedcmConfigUrl())}" data-fedcm-client="${escapeHtml(clientId)}" data-fedcm-nonce="${visit.fedcmNonce}"`;
      return page(
        'Sample app',
        `${note}<p>An app of its own, on another origin, that lets people sign in with their Vestibule account.</p><p><a class="button" href="/login" ${fedcm}>Sign in with Vestibule</a></p><script src="/fedcm.js"></script>`,
      );
    }
    const { claims, userinfo } = visit.signedIn;
    const userinfoSection = userinfo
      ? `<h2>Userinfo</h2><pre data-testid="rp-userinfo">${escapeHtml(JSON.stringify(userinfo, null, 2))}</pre>`
      : '<p>Signed in through the browser (FedCM): an ID token alone, no access token for userinfo.</p>';
    return page(
      'Sample app',
      `${note}<p>Signed in as <strong data-testid="rp-email">${escapeHtml(String(claims.email ?? claims.sub))}</strong>.</p>
<h2>ID token claims</h2><pre data-testid="rp-claims">${escapeHtml(JSON.stringify(claims, null, 2))}</pre>
${userinfoSection}
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
        return send(res, 200, home(visit), endSession ? [new URL(endSession).origin] : [], [new URL(options.issuer()).origin]);
      }
      if (at.pathname === '/fedcm.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(FEDCM_SCRIPT);
      }
      if (at.pathname === '/fedcm' && req.method === 'POST') {
        // The nonce is spent before anything is checked: one page's nonce signs in once, however
        // many times its token is posted.
        const nonce = visit.fedcmNonce;
        visit.fedcmNonce = undefined;
        const body = await jsonBody(req);
        const token = (body as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || !nonce) return sendJson(res, 400, { error: 'No FedCM sign-in was started on this page, or it was already finished.' });
        try {
          const claims = await oidc.implicitAuthentication(await fedcmProvider(), new URL(`${url}/#${new URLSearchParams({ id_token: token })}`), nonce);
          visit.signedIn = { claims: { ...claims }, idToken: token };
          visit.csrf = randomBytes(18).toString('base64url');
          return sendJson(res, 200, { signed_in: true });
        } catch (error) {
          return sendJson(res, 400, { error: `The FedCM sign-in could not be completed: ${error instanceof Error ? error.message : String(error)}` });
        }
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
