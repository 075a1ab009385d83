import { z } from 'zod';
import { ok, OkResponseSchema } from '../common.js';
import { route } from '../route.js';

/**
 * The identity provider's relying parties (clients), managed by operators: those made through these
 * routes live in the database; those of the configuration file (server.idp.clients) are listed too,
 * marked `source: 'config'`, and only changed in the file. The provider finds both alike, a file's
 * entry first when both name one client_id. A confidential client's secret is shown once, when it is
 * made or rotated; the server keeps its SHA-256 only.
 *
 * Changes (create, update, delete) need a recent sign-in when an operator's session calls (403
 * reauthentication_required); a management key always may.
 */

const TAG = 'Management: identity-provider clients';

const clientId = z
  .string()
  .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'must be 1 to 128 letters, digits or . _ ~ -')
  .meta({ description: 'The client_id relying parties send: letters, digits and . _ ~ - (at most 128).' });

/** An http(s) URL without a fragment (RFC 6749 section 3.1.2), matched exactly. */
const uri = z
  .string()
  .max(2048)
  .refine(
    (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol) && !value.includes('#'),
    'must be an http or https URL without a fragment',
  );

const origin = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && new URL(value).origin === value, 'must be an origin like https://app.example.com (scheme, host and port only)');

/** An OAuth scope token (RFC 6749 section 3.3). */
const scope = z
  .string()
  .max(128)
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'must be an OAuth scope token (no spaces or quotes)');

const fields = {
  client_name: z.string().trim().min(1).max(200).meta({ description: 'The name the consent screen shows.' }),
  redirect_uris: z
    .array(uri)
    .min(1)
    .max(20)
    .meta({ description: 'Where codes go, matched exactly. In production http only on a loopback address (localhost, 127.0.0.1, [::1]); https elsewhere.' }),
  post_logout_redirect_uris: z.array(uri).max(20).meta({ description: 'Where RP-initiated logout may return, matched exactly; the same rule for http.' }),
  allowed_origins: z.array(origin).max(20).meta({
    description: "Browser origins (exact) whose pages may call the token, userinfo and revocation endpoints for this client (CORS): a single-page app's.",
  }),
  allowed_scopes: z
    .array(scope)
    .min(1)
    .max(50)
    .meta({ description: "Scopes the client may ask for: standard ones (openid, email, profile, phone, offline_access, full_access) and the RBAC policy's." }),
};

export const ManagementIdpClientSchema = z
  .object({
    client_id: z.string(),
    client_name: z.string(),
    client_type: z.enum(['public', 'confidential']),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    allowed_origins: z.array(z.string()),
    allowed_scopes: z.array(z.string()),
    source: z.enum(['api', 'config']).meta({ description: "'config': an entry of the configuration file's server.idp.clients, read-only here." }),
    created_at: z.string().nullable().meta({ description: 'When it was made through the API; null for a configuration entry.' }),
    updated_at: z.string().nullable().meta({ description: 'When it was last changed through the API; null for a configuration entry.' }),
  })
  .meta({ id: 'ManagementIdpClient' });
export type ManagementIdpClient = z.output<typeof ManagementIdpClientSchema>;

export const IdpClientCreateRequestSchema = z
  .strictObject({
    client_id: clientId.optional().meta({ description: 'A random id when left out.' }),
    client_type: z.enum(['public', 'confidential']).meta({
      description:
        "'confidential': a server that keeps a secret (client_secret_basic or client_secret_post); 'public': an app that cannot, which must use PKCE.",
    }),
    ...fields,
    post_logout_redirect_uris: fields.post_logout_redirect_uris.default([]),
    allowed_origins: fields.allowed_origins.default([]),
    allowed_scopes: fields.allowed_scopes.default(['openid', 'email', 'profile']),
  })
  .meta({ id: 'IdpClientCreateRequest' });
export type IdpClientCreateRequest = z.input<typeof IdpClientCreateRequestSchema>;

const clientSecret = z
  .string()
  .nullable()
  .meta({ description: "A confidential client's new secret, shown this once (the server keeps only its SHA-256); null otherwise." });

export const IdpClientSecretResponseSchema = z
  .object({ ...ok, client: ManagementIdpClientSchema, client_secret: clientSecret })
  .meta({ id: 'IdpClientSecretResponse' });
export type IdpClientSecretResponse = z.output<typeof IdpClientSecretResponseSchema>;

export const IdpClientUpdateRequestSchema = z
  .strictObject({
    client_name: fields.client_name.optional(),
    redirect_uris: fields.redirect_uris.optional(),
    post_logout_redirect_uris: fields.post_logout_redirect_uris.optional(),
    allowed_origins: fields.allowed_origins.optional(),
    allowed_scopes: fields.allowed_scopes.optional(),
    rotate_secret: z.boolean().optional().meta({
      description:
        'true: a confidential client gets a new secret, answered once; the old one stops working at once (tokens already issued stay valid). A public client has none (400 bad_request).',
    }),
  })
  .meta({ id: 'IdpClientUpdateRequest' });
export type IdpClientUpdateRequest = z.input<typeof IdpClientUpdateRequestSchema>;

export const IdpClientResponseSchema = z.object({ ...ok, client: ManagementIdpClientSchema }).meta({ id: 'IdpClientResponse' });
export type IdpClientResponse = z.output<typeof IdpClientResponseSchema>;

export const IdpClientListResponseSchema = z
  .object({ ...ok, clients: z.array(ManagementIdpClientSchema).meta({ description: "The configuration file's clients, then the API's, oldest first." }) })
  .meta({ id: 'IdpClientListResponse' });
export type IdpClientListResponse = z.output<typeof IdpClientListResponseSchema>;

const params = z.strictObject({ client_id: z.string().min(1).max(256) });

export const idpClientRoutes = {
  list: route({
    method: 'get',
    path: '/v1/idp_clients',
    summary: "Lists the identity provider's clients: the configuration file's (read-only) and the API's.",
    tag: TAG,
    auth: 'management',
    response: IdpClientListResponseSchema,
    errors: [],
  }),
  create: route({
    method: 'post',
    path: '/v1/idp_clients',
    summary: 'Registers a client; a confidential one gets a secret, answered this once.',
    tag: TAG,
    auth: 'management',
    request: IdpClientCreateRequestSchema,
    response: IdpClientSecretResponseSchema,
    errors: ['idp_client_already_exists', 'idp_client_uri_not_allowed', 'reauthentication_required'],
  }),
  get: route({
    method: 'get',
    path: '/v1/idp_clients/{client_id}',
    summary: 'One client, from the API or the configuration file.',
    tag: TAG,
    auth: 'management',
    params,
    response: IdpClientResponseSchema,
    errors: ['idp_client_id_not_found'],
  }),
  update: route({
    method: 'patch',
    path: '/v1/idp_clients/{client_id}',
    summary: 'Changes a client made through the API (the fields given); rotate_secret gives a confidential one a new secret.',
    tag: TAG,
    auth: 'management',
    params,
    request: IdpClientUpdateRequestSchema,
    response: IdpClientSecretResponseSchema,
    errors: ['idp_client_id_not_found', 'idp_client_read_only', 'idp_client_uri_not_allowed', 'reauthentication_required'],
  }),
  delete: route({
    method: 'delete',
    path: '/v1/idp_clients/{client_id}',
    summary: 'Deletes a client made through the API: its grants, tokens and remembered consents end at once.',
    tag: TAG,
    auth: 'management',
    params,
    response: OkResponseSchema,
    errors: ['idp_client_id_not_found', 'idp_client_read_only', 'reauthentication_required'],
  }),
};
