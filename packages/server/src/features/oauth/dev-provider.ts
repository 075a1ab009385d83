import type { OpenAPIHono } from '@hono/zod-openapi';
import { OAUTH_PROVIDER_TYPES, type OAuthProviderType } from '@vestibule/contract';
import type { Context } from 'hono';
import type { CustomFetch } from 'openid-client';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { bodyLimit } from '../../http/body-limit.js';
import { refuseUnstorableText } from '../../http/storable-text.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { consumeToken, issueToken } from '../../kernel/one-time-secrets.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { sha256Hex } from '../../security/hash.js';
import { pkceVerifies } from '../../security/pkce.js';
import { randomToken } from '../../security/random-token.js';
import { DEV_PAGE_CSP, devSignInPage } from './dev-page.js';
import type { ResolvedProvider } from './engine.js';
import { openIdProfile } from './profile.js';
import { PROVIDERS } from './providers.js';

/**
 * The development provider: in development, a provider without a client id is played by this small
 * OAuth 2.0 server inside ours (authorize page, token endpoint, userinfo), and the engine talks to
 * it exactly as to a real one: code, PKCE, client secret, access token, profile. Its routes speak
 * OAuth's wire format (form bodies, OAuth error objects, an HTML page), not the JSON API's, so they
 * are not in the contract. The page signs anyone in as any address, so, like every route under
 * /dev/, it answers this machine only (http/this-machine.ts, applied by createApp).
 */
const BASE = '/dev/oauth';
const CODE_MINUTES = 5;

interface CodeBound {
  provider: OAuthProviderType;
  email: string;
  redirectUri: string;
  codeChallenge: string;
}

/** What the authorize page carries from the request to its form and back. */
const REQUEST_FIELDS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope'] as const;
type AuthorizationRequest = Record<(typeof REQUEST_FIELDS)[number], string>;

/** The development stand-ins, one per provider type that has no client id; the engine sees them as providers. */
export function developmentProviders(app: OpenAPIHono<AppEnv>, deps: AppDeps, types: OAuthProviderType[]): Map<OAuthProviderType, ResolvedProvider> {
  const base = `${deps.config.publicUrl}${BASE}`;
  // Both ends live in this process: a secret made at start proves the token request comes from our engine.
  const clientSecret = randomToken();
  // The engine reaches these routes through the app itself, not the network, whatever the host binds.
  const fetch: CustomFetch = async (url, options) => app.request(url, options as RequestInit, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  const callbackUrl = `${deps.config.publicUrl}/sdk/v1/oauth/callback`;
  registerDevelopmentRoutes(app, deps, { clientSecret, callbackUrl, types: new Set(types) });
  return new Map(
    types.map((type) => [
      type,
      {
        // Plain OAuth 2.0 with PKCE and a userinfo endpoint answering OpenID Connect standard claims.
        entry: {
          ...PROVIDERS[type],
          pkce: true,
          idToken: false,
          tokenAuth: 'client_secret_post',
          authorizationParams: undefined,
          tokenResponse: undefined,
          scopeSeparator: ' ',
        },
        clientId: type,
        clientSecret,
        authorizationUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        userinfoUrl: `${base}/userinfo`,
        jwksUrl: undefined,
        issuer: undefined,
        fetch,
        profile: openIdProfile,
      } satisfies ResolvedProvider,
    ]),
  );
}

function registerDevelopmentRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  context: { clientSecret: string; callbackUrl: string; types: Set<OAuthProviderType> },
): void {
  const { db } = deps;
  const oauthError = (c: Context<AppEnv>, error: string, status: 400 | 401 = 400) => c.json({ error }, status);

  /** The authorization request, when it is one this provider would serve; a developer's mistake otherwise. */
  const authorizationRequest = (input: Record<string, string | undefined>): AuthorizationRequest & { provider: OAuthProviderType } => {
    const request = Object.fromEntries(REQUEST_FIELDS.map((name) => [name, input[name] ?? ''])) as AuthorizationRequest;
    const provider = request.client_id as OAuthProviderType;
    if (!(OAUTH_PROVIDER_TYPES as readonly string[]).includes(provider) || !context.types.has(provider))
      throw new ApiError('bad_request', 'client_id names no provider the development provider stands in for.');
    if (request.redirect_uri !== context.callbackUrl) throw new ApiError('bad_request', `redirect_uri must be ${context.callbackUrl}.`);
    if (request.response_type !== 'code' || request.code_challenge_method !== 'S256' || !request.code_challenge || !request.state) {
      throw new ApiError('bad_request', 'An authorization request needs response_type=code, state and an S256 code_challenge.');
    }
    return { ...request, provider };
  };

  const page = (c: Context<AppEnv>, request: AuthorizationRequest & { provider: OAuthProviderType }, email: string, error: string | null) => {
    const { provider, ...hidden } = request;
    c.header('Content-Security-Policy', DEV_PAGE_CSP);
    const html = devSignInPage({ providerLabel: PROVIDERS[provider].label, action: `${deps.config.publicUrl}${BASE}/authorize`, hidden, email, error });
    return c.html(html, error ? 400 : 200);
  };

  app.get(`${BASE}/authorize`, (c) => {
    return page(c, authorizationRequest(c.req.query()), '', null);
  });

  app.post(`${BASE}/authorize`, bodyLimit(), async (c) => {
    const form = await c.req.parseBody();
    refuseUnstorableText(form, 'Form field');
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    const request = authorizationRequest(Object.fromEntries(Object.keys(form).map((name) => [name, text(name)])));
    const back = new URL(request.redirect_uri);
    back.searchParams.set('state', request.state);
    if (text('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.href, 302);
    }
    let email: string;
    try {
      email = normalizeEmail(text('email') ?? '');
    } catch {
      return page(c, request, text('email') ?? '', 'Enter an email address, like name@example.com.');
    }
    const bound: CodeBound = { provider: request.provider, email, redirectUri: request.redirect_uri, codeChallenge: request.code_challenge };
    back.searchParams.set('code', await issueToken(db, { purpose: 'oauth_dev_code', userId: null, bound, expirationMinutes: CODE_MINUTES, now: deps.clock() }));
    return c.redirect(back.href, 302);
  });

  app.post(`${BASE}/token`, bodyLimit(), async (c) => {
    const form = await c.req.parseBody();
    refuseUnstorableText(form, 'Form field');
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    if (!constantTimeEqual(field('client_secret'), context.clientSecret)) return oauthError(c, 'invalid_client', 401);
    if (field('grant_type') !== 'authorization_code') return oauthError(c, 'unsupported_grant_type');
    const used = field('code') ? await consumeToken<CodeBound>(db, 'oauth_dev_code', field('code'), deps.clock()) : undefined;
    const code = used?.bound;
    if (
      !code ||
      code.provider !== field('client_id') ||
      code.redirectUri !== field('redirect_uri') ||
      !pkceVerifies(field('code_verifier'), code.codeChallenge)
    ) {
      return oauthError(c, 'invalid_grant');
    }
    const accessToken = await issueToken(db, {
      purpose: 'oauth_dev_access',
      userId: null,
      bound: { provider: code.provider, email: code.email },
      expirationMinutes: CODE_MINUTES,
      now: deps.clock(),
    });
    return c.json({ access_token: accessToken, token_type: 'Bearer', expires_in: CODE_MINUTES * 60 });
  });

  app.get(`${BASE}/userinfo`, async (c) => {
    const token = bearerToken(c);
    const used = token ? await consumeToken<{ provider: OAuthProviderType; email: string }>(db, 'oauth_dev_access', token, deps.clock()) : undefined;
    if (!used) return oauthError(c, 'invalid_token', 401);
    const { email } = used.bound;
    // The same address is the same account at the same provider every time, as at a real provider.
    // It counts as verified: in development the person at the keyboard owns every test address.
    return c.json({ sub: `dev-${sha256Hex(`${used.bound.provider}:${email}`).slice(0, 32)}`, email, email_verified: true, name: email.split('@')[0] });
  });
}
