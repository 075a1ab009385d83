import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { getUser } from '../../kernel/users.js';
import { findClient } from './clients.js';
import { scopeClaims } from './id-token.js';
import { noStore, oauthEndpoint, OAuthFailure } from './oauth-answers.js';
import { formOf, formParams } from './oauth-form.js';
import { factsOf, liveToken } from './tokens-store.js';

/**
 * GET and POST /oauth2/userinfo: the claims of the access token's scopes. The token comes as a
 * Bearer header, or (POST) as the form's access_token (RFC 6750); a missing, unknown, expired or
 * revoked one is 401 with a WWW-Authenticate challenge.
 */
export function registerUserinfo(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;
  const userinfo = oauthEndpoint(deps, async (c, call) => {
    let token = bearerToken(c);
    if (!token && c.req.method === 'POST' && (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded'))
      token = formParams(idpRoutes.userinfoPost.form, await formOf(c)).access_token ?? null;
    const invalid = new OAuthFailure('invalid_token', 'The access token is missing, invalid, expired or revoked.', 401, {
      'WWW-Authenticate': token ? 'Bearer error="invalid_token", error_description="The access token is invalid"' : 'Bearer',
    });
    if (!token) throw invalid;
    const row = await liveToken(db, 'access', token, deps.clock());
    if (!row) throw invalid;
    const facts = factsOf(row);
    call.client = await findClient(deps, facts.clientId);
    const user = await getUser(deps, facts.userId);
    if (!user) throw invalid;
    noStore(c);
    return c.json({ sub: user.user_id, ...scopeClaims(user, facts.scopes) });
  });
  defineRoute(app, idpRoutes.userinfoGet, userinfo);
  defineRoute(app, idpRoutes.userinfoPost, userinfo);
}
