import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes, type TokenResponse } from '@vestibule/contract';
import type { Context } from 'hono';
import type { IdpClientConfig } from '../../config/server-config.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { consumeToken } from '../../kernel/one-time-secrets.js';
import { getUser } from '../../kernel/users.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { sha256Hex } from '../../security/hash.js';
import { pkceChallenge } from '../../security/pkce.js';
import { findClient } from './clients.js';
import { scopeClaims, signIdToken } from './id-token.js';
import { IDP_CODE, type CodeBound } from './routes.js';
import { ACCESS_TOKEN_MINUTES, factsOf, issueGrantToken, liveToken, revokeByCode, revokeToken, spendRefreshToken, type GrantFacts } from './tokens-store.js';

/** An RFC 6749 section 5.2 error; never cached. */
class OAuthFailure {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: 400 | 401 = error === 'invalid_client' || error === 'invalid_token' ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {}
}

function noStore(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
}

function answerFailure(c: Context<AppEnv>, failure: OAuthFailure) {
  noStore(c);
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json({ error: failure.error, error_description: failure.description }, failure.status);
}

/** Runs a handler whose OAuthFailure becomes the OAuth error answer (anything else is a real 500). */
const oauthHandler = (handler: (c: Context<AppEnv>) => Promise<Response>) => async (c: Context<AppEnv>) => {
  try {
    return await handler(c);
  } catch (error) {
    if (error instanceof OAuthFailure) return answerFailure(c, error);
    throw error;
  }
};

/** The form body: application/x-www-form-urlencoded, each parameter at most once (RFC 6749 section 3.2). */
async function formOf(c: Context<AppEnv>): Promise<Map<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthFailure('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const params = new URLSearchParams(await c.req.text());
  const form = new Map<string, string>();
  for (const [name, value] of params) {
    if (form.has(name)) throw new OAuthFailure('invalid_request', `The parameter ${name} is repeated.`);
    if (value !== '') form.set(name, value);
  }
  return form;
}

/** client_secret_basic, client_secret_post, or none (a public client naming itself). */
function authenticateClient(c: Context<AppEnv>, deps: AppDeps, form: Map<string, string>): IdpClientConfig {
  const header = c.req.header('Authorization');
  let basic: { id: string; secret: string } | null = null;
  if (header && /^basic\s/i.test(header)) {
    try {
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw new Error('no colon');
      basic = { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')) };
    } catch {
      throw new OAuthFailure('invalid_client', 'The Basic credentials cannot be read.', 401, { 'WWW-Authenticate': 'Basic realm="token"' });
    }
  }
  if (basic && form.has('client_secret')) throw new OAuthFailure('invalid_request', 'Use one client authentication method.');
  if (basic && form.has('client_id') && form.get('client_id') !== basic.id) throw new OAuthFailure('invalid_request', 'client_id differs from the Basic credentials.');
  const clientId = basic?.id ?? form.get('client_id');
  const challenge: Record<string, string> = basic ? { 'WWW-Authenticate': 'Basic realm="token"' } : {};
  const refused = (description: string) => new OAuthFailure('invalid_client', description, 401, challenge);
  if (!clientId) throw refused('Client authentication is required.');
  const client = findClient(deps.config, clientId);
  if (!client) throw refused('Unknown client.');
  const secret = basic?.secret ?? form.get('client_secret');
  if (client.client_type === 'confidential') {
    if (!secret || !client.secretHash || !constantTimeEqual(sha256Hex(secret), client.secretHash)) throw refused('Client authentication failed.');
  } else if (secret) {
    throw refused('A public client has no secret.');
  }
  return client;
}

export function registerOAuthEndpoints(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  /** Access token, id_token (openid) and refresh token (offline_access) of a grant. */
  async function tokensFor(grant: GrantFacts, nonce: string | null, now: Date): Promise<TokenResponse> {
    const user = await getUser(db, grant.userId);
    if (!user) throw new OAuthFailure('invalid_grant', 'The user no longer exists.');
    const accessToken = await issueGrantToken(db, 'access', grant, now);
    const response: TokenResponse = { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_MINUTES * 60, scope: grant.scopes.join(' ') };
    if (grant.scopes.includes('openid')) {
      response.id_token = await signIdToken(deps, { user, clientId: grant.clientId, scopes: grant.scopes, authTime: grant.authTime, nonce, accessToken, now });
    }
    if (grant.scopes.includes('offline_access')) response.refresh_token = await issueGrantToken(db, 'refresh', grant, now);
    return response;
  }

  defineRoute(
    app,
    idpRoutes.token,
    oauthHandler(async (c) => {
      const form = await formOf(c);
      const client = authenticateClient(c, deps, form);
      const now = deps.clock();
      const grantType = form.get('grant_type');
      let response: TokenResponse;
      if (grantType === 'authorization_code') {
        const code = form.get('code');
        if (!code) throw new OAuthFailure('invalid_request', 'code is required.');
        const used = await consumeToken<CodeBound>(db, IDP_CODE, code, now);
        if (!used) {
          // A code used twice: whoever replays it may have stolen it, so what it gave is taken back.
          await revokeByCode(db, sha256Hex(code), now);
          throw new OAuthFailure('invalid_grant', 'The code is invalid, expired or already used.');
        }
        const bound = used.bound;
        if (bound.client_id !== client.client_id) throw new OAuthFailure('invalid_grant', 'The code was issued to another client.');
        if (form.get('redirect_uri') !== bound.redirect_uri) throw new OAuthFailure('invalid_grant', 'redirect_uri differs from the authorization request.');
        const verifier = form.get('code_verifier');
        if (bound.code_challenge) {
          if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new OAuthFailure('invalid_grant', 'A valid code_verifier is required.');
          if (!constantTimeEqual(pkceChallenge(verifier), bound.code_challenge)) throw new OAuthFailure('invalid_grant', 'The code_verifier does not match the code_challenge.');
        } else if (verifier) {
          throw new OAuthFailure('invalid_grant', 'The authorization request had no code_challenge.');
        }
        const grant: GrantFacts = { grantId: randomUUID(), codeHash: sha256Hex(code), clientId: client.client_id, userId: used.userId!, scopes: bound.scopes, authTime: new Date(bound.auth_time) };
        response = await tokensFor(grant, bound.nonce, now);
      } else if (grantType === 'refresh_token') {
        const token = form.get('refresh_token');
        if (!token) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
        const rotation = await spendRefreshToken(db, token, client.client_id, now);
        if (rotation.kind === 'reused') throw new OAuthFailure('invalid_grant', 'The refresh token was already used; its grant is revoked.');
        if (rotation.kind === 'invalid') throw new OAuthFailure('invalid_grant', 'The refresh token is invalid, expired or revoked.');
        const facts = factsOf(rotation.row);
        const asked = form.get('scope')?.split(/\s+/).filter(Boolean);
        if (asked && asked.some((scope) => !facts.scopes.includes(scope))) throw new OAuthFailure('invalid_scope', 'A refresh may only narrow the granted scopes.');
        // Narrowing applies to the tokens of this answer; the rotated refresh token keeps the grant's scopes.
        response = await tokensFor(facts, null, now);
        if (asked) response.scope = facts.scopes.filter((scope) => asked.includes(scope)).join(' ');
      } else if (!grantType) {
        throw new OAuthFailure('invalid_request', 'grant_type is required.');
      } else {
        throw new OAuthFailure('unsupported_grant_type', `grant_type ${grantType} is not supported.`);
      }
      noStore(c);
      return c.json(response);
    }),
  );

  const userinfo = oauthHandler(async (c) => {
    const header = c.req.header('Authorization');
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    let token = match?.[1];
    if (!token && c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')) token = (await formOf(c)).get('access_token');
    const invalid = new OAuthFailure('invalid_token', 'The access token is missing, invalid, expired or revoked.', 401, {
      'WWW-Authenticate': token ? 'Bearer error="invalid_token", error_description="The access token is invalid"' : 'Bearer',
    });
    if (!token) throw invalid;
    const row = await liveToken(db, 'access', token, deps.clock());
    if (!row) throw invalid;
    const facts = factsOf(row);
    const user = await getUser(db, facts.userId);
    if (!user) throw invalid;
    noStore(c);
    return c.json({ sub: user.user_id, ...scopeClaims(user, facts.scopes) });
  });
  defineRoute(app, idpRoutes.userinfoGet, userinfo);
  defineRoute(app, idpRoutes.userinfoPost, userinfo);

  defineRoute(
    app,
    idpRoutes.revoke,
    oauthHandler(async (c) => {
      const form = await formOf(c);
      const client = authenticateClient(c, deps, form);
      const token = form.get('token');
      if (!token) throw new OAuthFailure('invalid_request', 'token is required.');
      await revokeToken(db, token, client.client_id, deps.clock());
      noStore(c);
      return c.json({});
    }),
  );
}
