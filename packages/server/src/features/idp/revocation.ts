import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { clientCall } from './client-auth.js';
import { noStore, oauthEndpoint, OAuthFailure } from './oauth-answers.js';
import { revokeToken } from './tokens-store.js';

/**
 * POST /oauth2/revoke (RFC 7009): the client authenticates as at the token endpoint; a refresh
 * token revokes its whole grant, an access token itself. A token that is unknown or another
 * client's answers 200 all the same, so the endpoint tells nobody which tokens exist.
 */
export function registerRevocation(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    idpRoutes.revoke,
    oauthEndpoint(deps, async (c, call) => {
      const { form, client } = await clientCall(c, deps, 'revoke', call);
      // Read by hand, not with the contract's schema: token_type_hint is only a hint (RFC 7009
      // section 2.1), so a value outside the contract's list is ignored rather than refused.
      const token = form.get('token');
      if (!token) throw new OAuthFailure('invalid_request', 'token is required.');
      await revokeToken(deps.db, token, client.client_id, deps.clock());
      noStore(c);
      return c.json({});
    }),
  );
}
