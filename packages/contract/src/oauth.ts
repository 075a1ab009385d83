import { z } from 'zod';
import { minutes, ok, pkceCodeChallenge, pkceCodeVerifier, redirectUrl } from './common.js';
import { OAUTH_PROVIDER_TYPES } from './oauth-providers.js';
import { route } from './route.js';
import { SessionResponseSchema, signInResponse } from './session.js';

/**
 * Social sign-in: an authorization-code flow our server runs against
 * the provider. The browser navigates to the start (it answers 302 to the provider), the provider
 * sends it back to the one callback (302 to the host's redirect URL with a one-time token, or with
 * error_type=oauth_flow_callback_error), and the client exchanges that token, with the PKCE
 * verifier it kept, for a session. The token alone is useless to whoever reads it from a URL.
 */

export const OAuthStartQuerySchema = z
  .strictObject({
    provider: z.enum(OAUTH_PROVIDER_TYPES),
    public_token: z.string().min(1).max(256),
    code_challenge: pkceCodeChallenge,
    login_redirect_url: redirectUrl.optional().meta({ description: "Where an existing user lands; on the project's login allowlist (default: its first)." }),
    signup_redirect_url: redirectUrl.optional().meta({ description: "Where a new user lands; on the project's signup allowlist (default: its first)." }),
    custom_scopes: z.string().max(2048).optional().meta({ description: "Space-separated scopes asked for besides the provider's defaults." }),
    link_token: z.string().min(1).max(512).optional().meta({
      description:
        "From /sdk/v1/account/oauth/start: the flow connects the provider account to that token's user instead of signing in (its landing token is exchanged with that user's Bearer session).",
    }),
    provider_params: z.string().max(4096).optional().meta({
      description:
        'A JSON object of string values: extra parameters of the authorization request (prompt, login_hint, …). Those that the safety of the flow rests on (client_id, client_secret, response_type, response_mode, redirect_uri, state, nonce, code_challenge, code_challenge_method, scope, request, request_uri) are refused with 400 bad_request naming them, as are names of other characters than letters, digits, _, . and -.',
    }),
  })
  .meta({ id: 'OAuthStartQuery' });
export type OAuthStartQuery = z.input<typeof OAuthStartQuerySchema>;

/** What the provider sends back; every field is read, none is trusted before the state is. */
export const OAuthCallbackQuerySchema = z
  .looseObject({
    state: z.string().max(512).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(512).optional(),
  })
  .meta({ id: 'OAuthCallbackQuery' });

export const OAuthAuthenticateRequestSchema = z
  .strictObject({
    token: z.string().min(1).max(512),
    code_verifier: pkceCodeVerifier,
    session_duration_minutes: minutes.optional(),
  })
  .meta({ id: 'OAuthAuthenticateRequest' });
export type OAuthAuthenticateRequest = z.input<typeof OAuthAuthenticateRequestSchema>;

export const OAuthAuthenticateResponseSchema = SessionResponseSchema.extend({
  provider_type: z.enum(OAUTH_PROVIDER_TYPES),
  provider_subject: z.string().meta({ description: "The user's id at the provider." }),
}).meta({ id: 'OAuthAuthenticateResponse' });
export type OAuthAuthenticateResponse = z.output<typeof OAuthAuthenticateResponseSchema>;

/**
 * Google one-tap: the widget asks our server for what the prompt
 * needs (the Google client id, the script's URL and a one-time nonce); Google Identity Services
 * hands the page an ID token carrying that nonce; the server verifies it (signature by Google's
 * JWKS, issuer, audience, expiry, the nonce spent once) and answers the host's redirect URL with a
 * one-time token, as the callback does for a button. The browser goes there and the landing
 * exchanges the token, with the PKCE verifier this browser kept, for a session: one-tap and the
 * buttons end the same way ("success callback and redirect").
 */
export const OAuthOneTapStartRequestSchema = z
  .strictObject({
    login_redirect_url: redirectUrl.optional().meta({ description: "Checked against the project's login allowlist (a setup error when it has none)." }),
    signup_redirect_url: redirectUrl.optional().meta({ description: "Checked against the project's signup allowlist (a setup error when it has none)." }),
  })
  .meta({ id: 'OAuthOneTapStartRequest' });
export type OAuthOneTapStartRequest = z.input<typeof OAuthOneTapStartRequestSchema>;

export const OAuthOneTapStartResponseSchema = z
  .object({
    ...ok,
    client_id: z.string().meta({ description: "The project's Google client id (public): initialize()'s client_id." }),
    script_url: z.string().meta({ description: 'Where the Google Identity Services script is loaded from (a setting, so tests serve a stand-in).' }),
    nonce: z.string().meta({ description: 'A one-time secret the ID token must carry; valid 10 minutes, spent by the first one-tap sign-in that shows it.' }),
  })
  .meta({ id: 'OAuthOneTapStartResponse' });
export type OAuthOneTapStartResponse = z.output<typeof OAuthOneTapStartResponseSchema>;

export const OAuthOneTapSubmitRequestSchema = z
  .strictObject({
    id_token: z.string().min(1).max(8192).meta({ description: 'The credential Google Identity Services handed the page: a Google ID token.' }),
    nonce: z.string().min(1).max(512).optional().meta({ description: 'The nonce the start gave; when sent it must be the one the ID token carries.' }),
    code_challenge: OAuthStartQuerySchema.shape.code_challenge,
    login_redirect_url: OAuthStartQuerySchema.shape.login_redirect_url,
    signup_redirect_url: OAuthStartQuerySchema.shape.signup_redirect_url,
  })
  .meta({ id: 'OAuthOneTapSubmitRequest' });
export type OAuthOneTapSubmitRequest = z.input<typeof OAuthOneTapSubmitRequestSchema>;

export const OAuthOneTapSubmitResponseSchema = z
  .object({
    ...ok,
    redirect_url: z.string().meta({
      description: 'The login redirect URL (signup for a new user) with vestibule_token_type=oauth and the one-time token, as the callback would send it.',
    }),
  })
  .meta({ id: 'OAuthOneTapSubmitResponse' });
export type OAuthOneTapSubmitResponse = z.output<typeof OAuthOneTapSubmitResponseSchema>;

const TAG = 'OAuth';

export const oauthRoutes = {
  start: route({
    kind: 'redirect',
    method: 'get',
    path: '/sdk/v1/oauth/start',
    summary: 'A browser navigation: starts a sign-in at the provider (state, PKCE, nonce) and answers 302 to its authorization page.',
    tag: TAG,
    // The public token comes in the query: a navigation sends no headers of ours.
    auth: 'none',
    query: OAuthStartQuerySchema,
    redirect: "The provider's authorization URL.",
    errors: ['bad_request', 'invalid_public_token', 'invalid_redirect_url', 'too_many_requests'],
  }),
  callback: route({
    kind: 'redirect',
    method: 'get',
    path: '/sdk/v1/oauth/callback',
    summary: 'The redirect URI to register with every provider: finishes the flow and sends the browser to the host.',
    tag: TAG,
    auth: 'none',
    query: OAuthCallbackQuerySchema,
    redirect:
      'The signup (new user) or login redirect URL with vestibule_token_type=oauth&token=…; on any failure the login redirect URL with vestibule_token_type=oauth&error_type=oauth_flow_callback_error.',
    errors: [],
  }),
  callbackForm: route({
    kind: 'redirect',
    method: 'post',
    path: '/sdk/v1/oauth/callback',
    summary:
      "The same redirect URI for providers that answer with response_mode=form_post (Sign in with Apple when it is asked for the user's email): their page posts the callback's fields as a form.",
    tag: TAG,
    auth: 'none',
    form: OAuthCallbackQuerySchema,
    redirect: 'As the GET callback.',
    errors: ['payload_too_large'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/oauth/authenticate',
    summary:
      "Exchange the one-time OAuth token and its PKCE verifier for a session (or add the factor to the Bearer session of the same user). A link flow's token (started with a link_token) connects the provider account to the token's user instead, and needs that user's Bearer session: none is user_unauthenticated, a dead one session_not_found, another user's unauthorized_action; an account connected to another user is oauth_account_already_linked. The account page's rules hold at the connection: a sign-in no longer recent is reauthentication_required, a password set before any proof beside an unproven email unverified_email.",
    tag: TAG,
    auth: 'public-optional-session',
    request: OAuthAuthenticateRequestSchema,
    response: signInResponse(OAuthAuthenticateResponseSchema),
    errors: [
      'oauth_token_not_found',
      'invalid_duration',
      'user_unauthenticated',
      'session_not_found',
      'unauthorized_action',
      'oauth_account_already_linked',
      'reauthentication_required',
      'unverified_email',
    ],
  }),
  oneTapStart: route({
    method: 'post',
    path: '/sdk/v1/oauth/google/onetap/start',
    summary: "What Google's one-tap prompt needs: the client id, the script URL and a one-time nonce.",
    tag: TAG,
    auth: 'public',
    request: OAuthOneTapStartRequestSchema,
    response: OAuthOneTapStartResponseSchema,
    errors: ['oauth_config_not_found', 'invalid_redirect_url', 'too_many_requests'],
  }),
  oneTapSubmit: route({
    method: 'post',
    path: '/sdk/v1/oauth/google/onetap',
    summary:
      "The ID token of Google's one-tap prompt, verified against Google's JWKS (issuer, audience, expiry, the one-time nonce): answers the host page to go to with a one-time token for the exchange.",
    tag: TAG,
    auth: 'public',
    request: OAuthOneTapSubmitRequestSchema,
    response: OAuthOneTapSubmitResponseSchema,
    errors: ['oauth_config_not_found', 'invalid_id_token', 'invalid_redirect_url', 'too_many_requests'],
  }),
} as const;
