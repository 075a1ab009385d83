import { z } from 'zod';
import { minutes, ok } from './common.js';
import { route } from './route.js';
import { SessionResponseSchema } from './session.js';

/**
 * Vestibule as an OpenID Connect provider (issue 15). The
 * authorization page is the host page where the identity-provider widget lives; discovery names it
 * as `authorization_endpoint` and `end_session_endpoint`. The widget reads the relying party's
 * request from that page's query string and calls the JSON routes below with the user's session
 * (preflight, then submit). The token, userinfo and revocation endpoints speak OAuth's own wire
 * format (form bodies, `{"error": …}` answers): route kind 'oauth'.
 *
 * Two kinds of errors: about the client or the redirect URI itself (unknown client_id, a
 * redirect_uri not registered exactly, an unregistered post-logout URI) are JSON errors the widget
 * shows on its error screen, never a redirect; those that can go back to the relying party
 * (access_denied, login_required, consent_required, invalid_scope, unsupported_response_type,
 * invalid_request) come as a `redirect_uri` carrying `error`, `error_description` and `state`.
 */

export const STANDARD_SCOPES = ['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access'] as const;

const text = (max: number) => z.string().max(max);

const authorizeParams = {
  client_id: z.string().min(1).max(256),
  redirect_uri: z.string().min(1).max(2048).meta({ description: "The relying party's redirect URI; must equal one registered for the client exactly." }),
  response_type: text(64).default('code').meta({ description: "Only 'code' is supported (anything else goes back as unsupported_response_type)." }),
  scope: text(2048).default('openid email profile').meta({ description: 'Space-separated scopes.' }),
  prompt: text(128).optional().meta({
    description:
      "'none' (no interaction: fail with login_required or consent_required), 'consent' (ask again even when consent is remembered) or 'login' (the user signs in again before a code is issued).",
  }),
  max_age: text(16)
    .optional()
    .meta({ description: 'Seconds: a sign-in older than this is asked again before a code is issued (the id_token then carries the new auth_time).' }),
  code_challenge: text(128).optional().meta({ description: 'PKCE (S256) challenge; required for public clients.' }),
  code_challenge_method: text(16).optional().meta({ description: "'S256' (the default when a challenge is sent); 'plain' is refused." }),
  state: text(2048).optional(),
  nonce: text(512).optional().meta({ description: 'Copied into the id_token.' }),
};

export const IdpAuthorizeStartRequestSchema = z.strictObject(authorizeParams).meta({ id: 'IdpAuthorizeStartRequest' });
export type IdpAuthorizeStartRequest = z.input<typeof IdpAuthorizeStartRequestSchema>;

export const IdpClientSchema = z
  .object({
    client_id: z.string(),
    client_name: z.string(),
    client_type: z.enum(['public', 'confidential']),
  })
  .meta({ id: 'IdpClient' });
export type IdpClient = z.output<typeof IdpClientSchema>;

export const IdpScopeResultSchema = z
  .object({
    scope: z.string(),
    description: z.string().meta({
      description:
        "What the scope lets the client do: a standard scope's wording, a custom scope's description in the project's rbacPolicy (bootstrap), or empty when the policy has none (show your own wording; the widget's is 'Use the {scope} scope').",
    }),
    is_grantable: z.boolean().meta({ description: 'False when the user has no permission to grant it (RBAC policy); an ungrantable scope is not granted.' }),
  })
  .meta({ id: 'IdpScopeResult' });
export type IdpScopeResult = z.output<typeof IdpScopeResultSchema>;

const sentBack = {
  error: z.string().optional().meta({
    description:
      'Present when the request ended in an error that goes back to the relying party (login_required, consent_required, invalid_scope, unsupported_response_type, invalid_request): redirect_uri then carries error, error_description and state, and the widget navigates there.',
  }),
};

export const IdpAuthorizeStartResponseSchema = z
  .object({
    ...ok,
    consent_required: z.boolean(),
    client: IdpClientSchema,
    redirect_uri: z
      .string()
      .meta({ description: 'The registered redirect URI; with error present, the URI to navigate to now (error and state in its query).' }),
    scope_results: z.array(IdpScopeResultSchema),
    reauthentication_required: z.boolean().optional().meta({
      description:
        'True when the user must sign in again first (prompt=login, or a sign-in older than max_age): the authorization page asks for a new sign-in, then runs the request again; a submit before that sends login_required back.',
    }),
    ...sentBack,
  })
  .meta({ id: 'IdpAuthorizeStartResponse' });
export type IdpAuthorizeStartResponse = z.output<typeof IdpAuthorizeStartResponseSchema>;

export const IdpAuthorizeSubmitRequestSchema = z
  .strictObject({
    ...authorizeParams,
    consent_granted: z
      .boolean()
      .meta({ description: 'Allow (true) or Deny (false). Sent false when no consent was required: the remembered consent then applies.' }),
  })
  .meta({ id: 'IdpAuthorizeSubmitRequest' });
export type IdpAuthorizeSubmitRequest = z.input<typeof IdpAuthorizeSubmitRequestSchema>;

export const IdpAuthorizeSubmitResponseSchema = z
  .object({
    ...ok,
    redirect_uri: z.string().meta({ description: "The relying party's redirect URI with code and state, or with error=access_denied (Deny) and state." }),
    ...sentBack,
  })
  .meta({ id: 'IdpAuthorizeSubmitResponse' });
export type IdpAuthorizeSubmitResponse = z.output<typeof IdpAuthorizeSubmitResponseSchema>;

export const IdpLogoutStartRequestSchema = z
  .strictObject({
    client_id: z.string().min(1).max(256),
    post_logout_redirect_uri: z.string().min(1).max(2048).meta({ description: 'Must equal one registered for the client exactly.' }),
    id_token_hint: text(8192)
      .optional()
      .meta({ description: 'An id_token this server issued to the client for the signed-in user: logout then needs no confirmation.' }),
    state: text(2048).optional(),
  })
  .meta({ id: 'IdpLogoutStartRequest' });
export type IdpLogoutStartRequest = z.input<typeof IdpLogoutStartRequestSchema>;

export const IdpLogoutStartResponseSchema = z
  .object({
    ...ok,
    consent_required: z.boolean().meta({ description: "True: ask 'Log out?' first. False: revoke the session and redirect." }),
    redirect_uri: z.string().meta({ description: 'The post-logout redirect URI with state.' }),
  })
  .meta({ id: 'IdpLogoutStartResponse' });
export type IdpLogoutStartResponse = z.output<typeof IdpLogoutStartResponseSchema>;

/** OpenID Connect Discovery 1.0 metadata. */
export const OpenIdConfigurationSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    userinfo_endpoint: z.string(),
    revocation_endpoint: z.string(),
    end_session_endpoint: z.string(),
    jwks_uri: z.string(),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    subject_types_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    claims_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    prompt_values_supported: z.array(z.string()),
  })
  .meta({ id: 'OpenIdConfiguration' });
export type OpenIdConfiguration = z.output<typeof OpenIdConfigurationSchema>;

/** RFC 6749 section 5.2 (and RFC 6750, 7009) error answer. */
export const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() }).meta({ id: 'OAuthError' });

export const TokenRequestSchema = z
  .object({
    grant_type: z.enum(['authorization_code', 'refresh_token']),
    code: z.string().optional(),
    redirect_uri: z.string().optional().meta({ description: 'authorization_code: the redirect_uri of the authorization request, exactly.' }),
    code_verifier: z.string().optional().meta({ description: 'authorization_code: the PKCE verifier (required when the request had a code_challenge).' }),
    refresh_token: z.string().optional(),
    scope: z.string().optional().meta({ description: 'refresh_token: a subset of the granted scopes.' }),
    client_id: z.string().optional().meta({ description: 'Public clients and client_secret_post.' }),
    client_secret: z.string().optional().meta({ description: 'client_secret_post (or use HTTP Basic: client_secret_basic).' }),
  })
  .meta({ id: 'TokenRequest' });

export const TokenResponseSchema = z
  .object({
    access_token: z.string().meta({ description: 'Opaque; stored only as its SHA-256.' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    scope: z.string(),
    id_token: z.string().optional().meta({ description: 'With the openid scope: RS256, kid of the JWKS.' }),
    refresh_token: z.string().optional().meta({ description: 'With offline_access granted; single use (rotated).' }),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.output<typeof TokenResponseSchema>;

export const UserInfoResponseSchema = z
  .object({
    sub: z.string(),
    email: z.string().optional(),
    email_verified: z.boolean().optional(),
    phone_number: z.string().optional(),
    phone_number_verified: z.boolean().optional(),
  })
  .meta({ id: 'UserInfoResponse' });
export type UserInfoResponse = z.output<typeof UserInfoResponseSchema>;

export const UserInfoRequestSchema = z
  .object({ access_token: z.string().optional().meta({ description: 'RFC 6750 form-encoded body parameter, instead of the Authorization header.' }) })
  .meta({ id: 'UserInfoRequest' });

export const RevokeRequestSchema = z
  .object({
    token: z.string(),
    token_type_hint: z.enum(['access_token', 'refresh_token']).optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .meta({ id: 'RevokeRequest' });

/**
 * The session guard's attest: a host that signed its user in elsewhere hands a
 * trusted token (a JWT its own identity system issued); the server verifies it against a configured
 * token profile (issuer, audience, JWKS) and starts a session for the user of its email claim.
 */
export const SessionAttestRequestSchema = z
  .strictObject({
    profile_id: z.string().min(1).max(256).meta({ description: 'The token profile (server.idp.tokenProfiles) the token is checked against.' }),
    token: z
      .string()
      .min(1)
      .max(8192)
      .meta({ description: 'The trusted auth token: a JWT signed by a key of the profile JWKS, with its issuer, audience, exp and the email claim.' }),
    session_duration_minutes: minutes.optional().meta({ description: 'Default 60 (an attested session).' }),
  })
  .meta({ id: 'SessionAttestRequest' });
export type SessionAttestRequest = z.input<typeof SessionAttestRequestSchema>;

/** An attested session lasts 60 minutes unless the client names a duration. */
export const ATTESTED_SESSION_MINUTES = 60;

const TAG = 'Identity provider';
const OAUTH_TAG = 'OpenID Connect';

export const idpRoutes = {
  discovery: route({
    method: 'get',
    path: '/.well-known/openid-configuration',
    summary: 'OpenID Connect discovery: the issuer (the API public URL) and its endpoints.',
    tag: OAUTH_TAG,
    auth: 'none',
    response: OpenIdConfigurationSchema,
    errors: [],
  }),
  authorizeStart: route({
    method: 'post',
    path: '/sdk/v1/oauth2/authorize/start',
    summary: "The authorization page's preflight: checks the client and redirect URI, which scopes the user can grant and whether consent is needed.",
    tag: TAG,
    auth: 'public-optional-session',
    request: IdpAuthorizeStartRequestSchema,
    response: IdpAuthorizeStartResponseSchema,
    errors: ['idp_client_not_found', 'idp_redirect_uri_not_registered', 'user_unauthenticated', 'session_not_found'],
  }),
  authorizeSubmit: route({
    method: 'post',
    path: '/sdk/v1/oauth2/authorize',
    summary: "Allow or Deny: answers the relying party's redirect URI with a one-time code (or access_denied).",
    tag: TAG,
    auth: 'session',
    request: IdpAuthorizeSubmitRequestSchema,
    response: IdpAuthorizeSubmitResponseSchema,
    errors: ['idp_client_not_found', 'idp_redirect_uri_not_registered'],
  }),
  logoutStart: route({
    method: 'post',
    path: '/sdk/v1/oauth2/logout/start',
    summary: "RP-initiated logout's preflight: checks the post-logout URI and whether to ask 'Log out?'.",
    tag: TAG,
    auth: 'public-optional-session',
    request: IdpLogoutStartRequestSchema,
    response: IdpLogoutStartResponseSchema,
    errors: ['idp_client_not_found', 'idp_post_logout_redirect_uri_not_registered'],
  }),
  sessionAttest: route({
    method: 'post',
    path: '/sdk/v1/sessions/attest',
    summary:
      'Starts a session from a trusted auth token checked against a token profile (issuer, audience, JWKS): the session guard of the authorization page.',
    tag: 'Sessions',
    auth: 'public',
    request: SessionAttestRequestSchema,
    response: SessionResponseSchema,
    errors: ['token_profile_not_found', 'invalid_trusted_auth_token', 'invalid_duration'],
  }),
  token: route({
    kind: 'oauth',
    method: 'post',
    path: '/oauth2/token',
    summary:
      'OAuth 2.0 token endpoint: authorization_code (PKCE S256, required for public clients) and refresh_token (rotated; a reused one revokes its grant).',
    tag: OAUTH_TAG,
    auth: 'none',
    form: TokenRequestSchema,
    response: TokenResponseSchema,
    oauthErrors: ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'too_many_requests'],
    errors: [],
  }),
  userinfoGet: route({
    kind: 'oauth',
    method: 'get',
    path: '/oauth2/userinfo',
    summary: "OpenID Connect userinfo: the claims of the access token's granted scopes (Bearer access token).",
    tag: OAUTH_TAG,
    auth: 'none',
    response: UserInfoResponseSchema,
    bearer: true,
    oauthErrors: ['invalid_token'],
    errors: [],
  }),
  userinfoPost: route({
    kind: 'oauth',
    method: 'post',
    path: '/oauth2/userinfo',
    summary: 'Userinfo by POST (the access token in the Authorization header or the form body).',
    tag: OAUTH_TAG,
    auth: 'none',
    form: UserInfoRequestSchema,
    response: UserInfoResponseSchema,
    bearer: true,
    oauthErrors: ['invalid_token', 'invalid_request'],
    errors: [],
  }),
  revoke: route({
    kind: 'oauth',
    method: 'post',
    path: '/oauth2/revoke',
    summary: 'RFC 7009 token revocation: a refresh token revokes its whole grant; unknown tokens answer 200 too.',
    tag: OAUTH_TAG,
    auth: 'none',
    form: RevokeRequestSchema,
    response: z.object({}).meta({ id: 'RevokeResponse' }),
    oauthErrors: ['invalid_request', 'invalid_client', 'unsupported_token_type', 'too_many_requests'],
    errors: [],
  }),
} as const;
