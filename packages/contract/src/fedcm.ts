import { z } from 'zod';
import { route } from './route.js';

/**
 * Vestibule's identity provider through the browser's Federated Credential Management API (FedCM,
 * https://w3c-fedid.github.io/FedCM/): the browser, not the relying party's page, fetches these, each
 * with `Sec-Fetch-Dest: webidentity` (which no page can send). The well-known file and the config
 * file are public; the accounts and ID assertion endpoints read the person from the FedCM cookie,
 * which the login URL sets from the host page's session on a top-level navigation. Answers are
 * JSON; refusals are the ErrorResponse, and the assertion's also carry FedCM's `error` member.
 */

/** The login URL page's form: the session it showed, which must still be the browser's when the person presses. */
export const FedCmLoginConfirmSchema = z.strictObject({ session_id: z.string().min(1).max(256) }).meta({ id: 'FedCmLoginConfirm' });

const TAG = 'FedCM';

export const WebIdentitySchema = z
  .object({
    provider_urls: z.array(z.string()).meta({ description: 'The one config file (FedCM allows exactly one).' }),
    accounts_endpoint: z
      .string()
      .meta({ description: "The config file's accounts endpoint (Chrome 132+; required with a client metadata endpoint from Chrome 145)." }),
    login_url: z.string().meta({ description: "The config file's login URL." }),
  })
  .meta({ id: 'FedCmWebIdentity' });

export const FedCmConfigSchema = z
  .object({
    accounts_endpoint: z.string(),
    client_metadata_endpoint: z.string(),
    id_assertion_endpoint: z.string(),
    disconnect_endpoint: z.string(),
    login_url: z.string().meta({
      description:
        "Opened by the browser in a window when it has no account to show: it makes the FedCM cookie from the host page's session, or sends the person to sign in.",
    }),
    branding: z.object({ name: z.string() }),
  })
  .meta({ id: 'FedCmConfig' });

export const FedCmAccountsSchema = z
  .object({
    accounts: z.array(
      z.object({
        id: z.string().meta({ description: "The user_id: the ID token's sub." }),
        name: z.string().meta({ description: 'The name the project gave the person, else their email address.' }),
        email: z.string().optional(),
        approved_clients: z.array(z.string()).meta({ description: 'The client_ids the person has approved (consented to, in either flow).' }),
        login_hints: z.array(z.string()).meta({ description: "The person's email addresses: a relying party's loginHint picks the account." }),
      }),
    ),
  })
  .meta({ id: 'FedCmAccounts' });

export const FedCmClientMetadataQuerySchema = z.object({
  client_id: z.string().min(1).max(256),
  top_level_origin: z.string().max(2048).optional().meta({ description: 'Sent by the browser when the relying party is embedded in another site.' }),
});

export const FedCmClientMetadataSchema = z
  .object({
    privacy_policy_url: z.string().optional(),
    terms_of_service_url: z.string().optional(),
  })
  .meta({ id: 'FedCmClientMetadata' });

export const FedCmAssertionRequestSchema = z
  .object({
    client_id: z.string().min(1).max(256),
    account_id: z.string().min(1).max(256).meta({ description: "The account the person chose: the session's user_id." }),
    params: z
      .string()
      .max(4096)
      .optional()
      .meta({ description: "The relying party's params as JSON; its `nonce` (a string) goes into the ID token (Chrome 145+ sends the nonce only here)." }),
    nonce: z.string().max(512).optional().meta({ description: 'The nonce as browsers before Chrome 145 sent it.' }),
    is_auto_selected: z.string().optional(),
    disclosure_text_shown: z.string().optional(),
  })
  .meta({ id: 'FedCmAssertionRequest' });

export const FedCmAssertionResponseSchema = z
  .object({ token: z.string().meta({ description: 'An ID token as the code flow gives: RS256, aud the client_id, with the nonce.' }) })
  .meta({ id: 'FedCmAssertionResponse' });

export const FedCmDisconnectRequestSchema = z
  .object({ client_id: z.string().min(1).max(256), account_hint: z.string().max(256).optional() })
  .meta({ id: 'FedCmDisconnectRequest' });

export const FedCmDisconnectResponseSchema = z.object({ account_id: z.string() }).meta({ id: 'FedCmDisconnectResponse' });

/** What every credentialed FedCM endpoint refuses besides bad input. */
const refusals = ['fedcm_request_required', 'user_unauthenticated', 'session_not_found'] as const;

export const fedcmRoutes = {
  webIdentity: route({
    method: 'get',
    path: '/.well-known/web-identity',
    summary: "FedCM's well-known file: the config file, its accounts endpoint and login URL.",
    tag: TAG,
    auth: 'none',
    response: WebIdentitySchema,
    errors: [],
  }),
  config: route({
    method: 'get',
    path: '/fedcm/config.json',
    summary: "FedCM's config file (a relying party's configURL): the endpoints and the provider's name.",
    tag: TAG,
    auth: 'none',
    response: FedCmConfigSchema,
    errors: [],
  }),
  accounts: route({
    method: 'get',
    path: '/fedcm/accounts',
    summary: 'The signed-in account of the FedCM cookie (the browser sends it with Sec-Fetch-Dest: webidentity).',
    tag: TAG,
    auth: 'none',
    response: FedCmAccountsSchema,
    errors: [...refusals],
  }),
  clientMetadata: route({
    method: 'get',
    path: '/fedcm/client_metadata',
    summary: "A relying party's metadata for the browser's dialog; its Origin must be one the client is registered at.",
    tag: TAG,
    auth: 'none',
    query: FedCmClientMetadataQuerySchema,
    response: FedCmClientMetadataSchema,
    errors: ['fedcm_request_required', 'idp_client_not_found', 'idp_origin_not_registered'],
  }),
  // FedCM posts forms: the contract's form-in, JSON-out kind is 'oauth'; these list no OAuth
  // errors, since their refusals are ErrorResponses.
  assertion: route({
    kind: 'oauth',
    method: 'post',
    path: '/fedcm/assertion',
    summary:
      "FedCM's ID assertion endpoint: an ID token for the chosen account, to a relying party at one of its client's registered origins (CORS with credentials); the client is then among the account's approved_clients.",
    tag: TAG,
    auth: 'none',
    form: FedCmAssertionRequestSchema,
    response: FedCmAssertionResponseSchema,
    oauthErrors: [],
    errors: ['bad_request', ...refusals, 'idp_client_not_found', 'idp_origin_not_registered', 'fedcm_account_not_signed_in', 'forbidden', 'too_many_requests'],
  }),
  disconnect: route({
    kind: 'oauth',
    method: 'post',
    path: '/fedcm/disconnect',
    summary: "FedCM's disconnect endpoint (IdentityCredential.disconnect()): forgets the person's approval of the client.",
    tag: TAG,
    auth: 'none',
    form: FedCmDisconnectRequestSchema,
    response: FedCmDisconnectResponseSchema,
    oauthErrors: [],
    errors: ['bad_request', ...refusals, 'idp_client_not_found', 'idp_origin_not_registered'],
  }),
  login: route({
    kind: 'redirect',
    method: 'get',
    path: '/fedcm/login',
    summary:
      "FedCM's login URL, opened by the browser in a window: with the host page's session cookie it sets the FedCM cookie and Set-Login: logged-in and closes the window (IdentityProvider.close()); without one it sends the person to sign in.",
    tag: TAG,
    auth: 'none',
    redirect: 'The sign-in page (the first loginRedirectUrls entry) when this browser has no live session.',
    errors: ['too_many_requests'],
  }),
  loginConfirm: route({
    kind: 'redirect',
    method: 'post',
    path: '/fedcm/login',
    summary:
      "The login URL's 'Continue as {email}', posted from its own page (Sec-Fetch-Site same-origin): sets the FedCM cookie to the session that page showed, says Set-Login: logged-in and closes the window.",
    tag: TAG,
    auth: 'none',
    form: FedCmLoginConfirmSchema,
    redirect: 'The sign-in page when this browser has no live session any more.',
    errors: ['bad_request', 'forbidden', 'too_many_requests'],
  }),
} as const;
