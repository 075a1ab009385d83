import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { clientCall } from './client-auth.js';
import { authorizationCodeGrant } from './grant-types/authorization-code.js';
import type { GrantType, TokenParams } from './grant-types/grant-type.js';
import { refreshTokenGrant } from './grant-types/refresh-token.js';
import { noStore, oauthEndpoint, OAuthFailure } from './oauth-answers.js';
import { formParams } from './oauth-form.js';

/** The grant types the token endpoint serves, one file each. */
const grantTypes: Record<TokenParams['grant_type'], GrantType> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
};

/**
 * POST /oauth2/token: the address's count first, then the client authenticates (its own count),
 * then the form is read with the contract's schema and its grant type answers.
 */
export function registerToken(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    idpRoutes.token,
    oauthEndpoint(deps, async (c, call) => {
      const { form, client } = await clientCall(c, deps, 'token', call);
      const params = formParams(idpRoutes.token.form, form, {
        grant_type: (value) => new OAuthFailure('unsupported_grant_type', `grant_type ${value} is not supported.`),
      });
      const response = await grantTypes[params.grant_type](deps, client, params, deps.clock());
      noStore(c);
      return c.json(response);
    }),
  );
}
