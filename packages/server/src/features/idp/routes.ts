import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  idpRoutes,
  IdpAuthorizeStartRequestSchema,
  IdpAuthorizeSubmitRequestSchema,
  IdpLogoutStartRequestSchema,
  type IdpAuthorizeStartResponse,
  type IdpAuthorizeSubmitResponse,
  type IdpLogoutStartResponse,
  type OpenIdConfiguration,
} from '@vestibule/contract';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { optionalSession, sessionAuth } from '../../http/session-auth.js';
import { validateBody } from '../../http/validate-body.js';
import { issueToken } from '../../kernel/one-time-secrets.js';
import { authTimeOf, checkAuthorization, sendBack } from './authorize.js';
import { withQuery } from '../../kernel/redirect-url.js';
import { clientInfo, findClient } from './clients.js';
import { rememberConsent } from './consents.js';
import { createGrant } from './grants-store.js';
import { readIdTokenHint } from './id-token.js';
import { supportedScopes } from './scopes.js';
import { CODE_MINUTES } from './tokens-store.js';

export const IDP_CODE = 'idp_code';

/** What an authorization code carries to the token endpoint. */
export interface CodeBound {
  client_id: string;
  redirect_uri: string;
  code_challenge: string | null;
  scopes: string[];
  nonce: string | null;
  session_id: string;
  auth_time: string;
  /** The grant the approval made (grants-store.ts): the tokens of this code belong to it. */
  grant_id: string;
}

export function openIdConfiguration(deps: AppDeps): OpenIdConfiguration {
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

export function registerIdpRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, idpRoutes.discovery, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openIdConfiguration(deps));
  });

  defineRoute(app, idpRoutes.authorizeStart, async (c) => {
    const body = validateBody(c, IdpAuthorizeStartRequestSchema);
    const { session, tokenGiven } = await optionalSession(c, deps);
    const checked = await checkAuthorization(deps, body, session, tokenGiven);
    const base = { status_code: 200 as const, request_id: c.get('requestId'), client: clientInfo(checked.client) };
    const response: IdpAuthorizeStartResponse =
      checked.kind === 'back'
        ? { ...base, consent_required: false, redirect_uri: checked.redirectUri, scope_results: [], error: checked.error }
        : checked.kind === 'signInAgain'
          ? { ...base, consent_required: false, redirect_uri: body.redirect_uri, scope_results: [], reauthentication_required: true }
          : { ...base, consent_required: checked.consentRequired, redirect_uri: body.redirect_uri, scope_results: checked.scopeResults };
    return c.json(response);
  });

  defineRoute(app, idpRoutes.authorizeSubmit, sessionAuth(deps), async (c) => {
    const body = validateBody(c, IdpAuthorizeSubmitRequestSchema);
    const checked = await checkAuthorization(deps, body, c.get('session'), true);
    const ok = { status_code: 200 as const, request_id: c.get('requestId') };
    if (checked.kind === 'back') return c.json({ ...ok, redirect_uri: checked.redirectUri, error: checked.error } satisfies IdpAuthorizeSubmitResponse);
    if (checked.kind === 'signInAgain') {
      // No code before the new sign-in the preflight asked for.
      const again = sendBack(checked.client, body, 'login_required', 'The user must sign in again (prompt=login or max_age) before a code is issued.');
      return c.json({ ...ok, redirect_uri: again.redirectUri, error: again.error } satisfies IdpAuthorizeSubmitResponse);
    }
    const now = deps.clock();
    if (checked.consentRequired && !body.consent_granted) {
      const denied = sendBack(checked.client, body, 'access_denied', 'The user denied the request.');
      return c.json({ ...ok, redirect_uri: denied.redirectUri, error: denied.error } satisfies IdpAuthorizeSubmitResponse);
    }
    const granted = checked.scopeResults.filter((result) => result.is_grantable).map((result) => result.scope);
    if (checked.consentRequired) await rememberConsent(db, checked.session.user_id, checked.client.client_id, granted, now);
    const bound: CodeBound = {
      client_id: checked.client.client_id,
      redirect_uri: body.redirect_uri,
      code_challenge: body.code_challenge ?? null,
      scopes: granted,
      nonce: body.nonce ?? null,
      session_id: checked.session.session_id,
      auth_time: authTimeOf(checked.session).toISOString(),
      grant_id: await createGrant(db, checked.session.user_id, checked.client.client_id, now),
    };
    const code = await issueToken(db, { purpose: IDP_CODE, userId: checked.session.user_id, bound, expirationMinutes: CODE_MINUTES, now });
    return c.json({ ...ok, redirect_uri: withQuery(body.redirect_uri, { code, state: body.state }) } satisfies IdpAuthorizeSubmitResponse);
  });

  defineRoute(app, idpRoutes.logoutStart, async (c) => {
    const body = validateBody(c, IdpLogoutStartRequestSchema);
    const client = findClient(deps.config, body.client_id);
    if (!client) throw new ApiError('idp_client_not_found');
    if (!client.post_logout_redirect_uris.includes(body.post_logout_redirect_uri)) throw new ApiError('idp_post_logout_redirect_uri_not_registered');
    const { session } = await optionalSession(c, deps);
    // No confirmation when there is nobody to log out, or when the relying party proves (with an
    // id_token we issued it for this very user) that the user is leaving it.
    let consentRequired = false;
    if (session) {
      const hint = body.id_token_hint ? await readIdTokenHint(deps, body.id_token_hint) : null;
      consentRequired = !(hint && hint.sub === session.user_id && hint.aud.includes(client.client_id));
    }
    const response: IdpLogoutStartResponse = {
      status_code: 200,
      request_id: c.get('requestId'),
      consent_required: consentRequired,
      redirect_uri: withQuery(body.post_logout_redirect_uri, { state: body.state }),
    };
    return c.json(response);
  });
}
