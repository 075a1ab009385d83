import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Kysely } from 'kysely';
import { idpRoutes, type TokenResponse } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { consumeToken } from '../../kernel/one-time-secrets.js';
import { getUser } from '../../kernel/users.js';
import { constantTimeEqual } from '../../security/constant-time.js';
import { sha256Hex } from '../../security/hash.js';
import { pkceChallenge } from '../../security/pkce.js';
import type { Database } from '../../storage/database.js';
import { authenticateClient, limitAddress } from './client-auth.js';
import { findClient } from './clients.js';
import { formOf, noStore, oauthEndpoint, OAuthFailure } from './oauth-answers.js';
import { scopeClaims, signIdToken } from './id-token.js';
import { IDP_CODE, type CodeBound } from './routes.js';
import { ACCESS_TOKEN_MINUTES, factsOf, liveToken, newTokens, revokeByCode, revokeIfReused, revokeToken, spendRefreshToken, storeGrantTokens, type GrantFacts } from './tokens-store.js';

export function registerOAuthEndpoints(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  const reused = () => new OAuthFailure('invalid_grant', 'The refresh token was already used; its grant is revoked.');

  /**
   * Access token, id_token (openid) and refresh token (offline_access) of a grant, stored only while
   * the grant is live (tokens-store.ts storeGrantTokens); `rotates`: the refresh token this answer
   * replaces, spent under the same lock.
   */
  async function tokensFor(grant: GrantFacts, nonce: string | null, now: Date, rotates: string | null, narrowed: string[] = grant.scopes): Promise<TokenResponse> {
    const user = await getUser(db, grant.userId);
    if (!user) throw new OAuthFailure('invalid_grant', 'The user no longer exists.');
    // A refresh may narrow this answer's tokens (the access token, the id_token's claims); the new
    // refresh token carries the whole grant, as the one it replaces did.
    const tokens = newTokens(grant.scopes.includes('offline_access'));
    const response: TokenResponse = { access_token: tokens.access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_MINUTES * 60, scope: narrowed.join(' ') };
    if (narrowed.includes('openid')) {
      response.id_token = await signIdToken(deps, { user, clientId: grant.clientId, scopes: narrowed, authTime: grant.authTime, nonce, accessToken: tokens.access, now });
    }
    if (tokens.refresh) response.refresh_token = tokens.refresh;
    const spend = rotates === null ? undefined : (trx: Kysely<Database>) => spendRefreshToken(trx, rotates, grant.clientId, now);
    const outcome = await storeGrantTokens(db, grant, tokens, now, spend, narrowed);
    if (outcome === 'revoked') throw new OAuthFailure('invalid_grant', 'The grant was revoked; the user must authorize again.');
    if (outcome === 'spent') {
      // Another use of the same refresh token won while this one waited: reuse all the same.
      if (rotates !== null) await revokeIfReused(db, rotates, grant.clientId, now);
      throw reused();
    }
    return response;
  }

  defineRoute(
    app,
    idpRoutes.token,
    oauthEndpoint(deps, async (c, call) => {
      await limitAddress(c, deps, 'token');
      const form = await formOf(c);
      const client = await authenticateClient(c, deps, form, 'token', call);
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
        // A code issued before grants were kept (migration 0012) names none.
        if (!bound.grant_id) throw new OAuthFailure('invalid_grant', 'The code is invalid, expired or already used.');
        if (bound.client_id !== client.client_id) throw new OAuthFailure('invalid_grant', 'The code was issued to another client.');
        if (form.get('redirect_uri') !== bound.redirect_uri) throw new OAuthFailure('invalid_grant', 'redirect_uri differs from the authorization request.');
        const verifier = form.get('code_verifier');
        if (bound.code_challenge) {
          if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) throw new OAuthFailure('invalid_grant', 'A valid code_verifier is required.');
          if (!constantTimeEqual(pkceChallenge(verifier), bound.code_challenge)) throw new OAuthFailure('invalid_grant', 'The code_verifier does not match the code_challenge.');
        } else if (verifier) {
          throw new OAuthFailure('invalid_grant', 'The authorization request had no code_challenge.');
        }
        const grant: GrantFacts = { grantId: bound.grant_id, codeHash: sha256Hex(code), clientId: client.client_id, userId: used.userId!, scopes: bound.scopes, authTime: new Date(bound.auth_time) };
        response = await tokensFor(grant, bound.nonce, now, null);
      } else if (grantType === 'refresh_token') {
        const token = form.get('refresh_token');
        if (!token) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
        // A scope parameter with no scope in it is no narrowing: as if it were left out (RFC 6749 6).
        const asked = form.get('scope')?.split(/\s+/).filter(Boolean);
        const narrowing = asked && asked.length > 0 ? asked : undefined;
        const live = await liveToken(db, 'refresh', token, now);
        if (!live || live.client_id !== client.client_id) {
          if (await revokeIfReused(db, token, client.client_id, now)) throw reused();
          throw new OAuthFailure('invalid_grant', 'The refresh token is invalid, expired or revoked.');
        }
        const facts = factsOf(live);
        // The whole request is checked before the token is spent: a refused request must leave it
        // usable, or the client's next refresh would look like reuse and revoke the grant. (A
        // grant's scopes never change, so what is read here is what the spend would find.)
        if (narrowing?.some((scope) => !facts.scopes.includes(scope))) throw new OAuthFailure('invalid_scope', 'A refresh may only narrow the granted scopes.');
        response = await tokensFor(facts, null, now, token, narrowing ? facts.scopes.filter((scope) => narrowing.includes(scope)) : undefined);
      } else if (!grantType) {
        throw new OAuthFailure('invalid_request', 'grant_type is required.');
      } else {
        throw new OAuthFailure('unsupported_grant_type', `grant_type ${grantType} is not supported.`);
      }
      noStore(c);
      return c.json(response);
    }),
  );

  const userinfo = oauthEndpoint(deps, async (c, call) => {
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
    call.client = findClient(deps.config, facts.clientId);
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
    oauthEndpoint(deps, async (c, call) => {
      await limitAddress(c, deps, 'revoke');
      const form = await formOf(c);
      const client = await authenticateClient(c, deps, form, 'revoke', call);
      const token = form.get('token');
      if (!token) throw new OAuthFailure('invalid_request', 'token is required.');
      await revokeToken(db, token, client.client_id, deps.clock());
      noStore(c);
      return c.json({});
    }),
  );
}
