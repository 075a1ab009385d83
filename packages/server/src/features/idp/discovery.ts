import type { OpenAPIHono } from '@hono/zod-openapi';
import { idpRoutes, type OpenIdConfiguration } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { supportedScopes } from './scopes.js';
import { PUBLIC_DOCUMENT } from '../../http/security-headers.js';

/**
 * OpenID Connect Discovery: the issuer is the API's public URL; the authorization page (the host
 * page of the identity-provider widget) is both the authorization and the end-session endpoint.
 */
function openIdConfiguration(deps: AppDeps): OpenIdConfiguration {
  const issuer = deps.config.publicUrl;
  const page = deps.config.idp.authorizationPageUrl;
  return {
    issuer,
    authorization_endpoint: page,
    token_endpoint: `${issuer}/oauth2/token`,
    userinfo_endpoint: `${issuer}/oauth2/userinfo`,
    revocation_endpoint: `${issuer}/oauth2/revoke`,
    end_session_endpoint: page,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: supportedScopes(deps.config.idp.rbac),
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'email', 'email_verified', 'phone_number', 'phone_number_verified'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    prompt_values_supported: ['none', 'consent', 'login'],
  };
}

/** GET /.well-known/openid-configuration, cacheable for five minutes. */
export function registerDiscovery(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, idpRoutes.discovery, (c) => {
    c.header('Cache-Control', PUBLIC_DOCUMENT['Cache-Control']);
    return c.json(openIdConfiguration(deps));
  });
}
