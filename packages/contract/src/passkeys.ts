import { z } from 'zod';
import { email, minutes, ok } from './common.js';
import { route } from './route.js';
import { SessionResponseSchema, SignInResponseSchema, WebAuthnRegistrationSchema } from './session.js';

/**
 * Passkeys: WebAuthn registration and authentication ceremonies,
 * each a start (the server's options with a single-use challenge) and a finish (the browser's
 * credential, verified by the server), plus rename and delete of a user's registrations.
 * Options and credentials travel as the WebAuthn Level 3 JSON forms (base64url for binary), which
 * `PublicKeyCredential.parseCreationOptionsFromJSON`, `credential.toJSON()` and
 * @simplewebauthn/browser read and write.
 */

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

const credentialFields = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Extension outputs: credProps tells whether a passkey was made discoverable; others are dropped.
  clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
};

export const RegistrationCredentialSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url.min(1),
      attestationObject: base64url.min(1),
      authenticatorData: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url.optional(),
    }),
  })
  .meta({ id: 'RegistrationCredential', description: 'RegistrationResponseJSON: what navigator.credentials.create() gave, as JSON.' });

export const AuthenticationCredentialSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url.min(1),
      authenticatorData: base64url.min(1),
      signature: base64url.min(1),
      userHandle: base64url.optional(),
    }),
  })
  .meta({ id: 'AuthenticationCredential', description: 'AuthenticationResponseJSON: what navigator.credentials.get() gave, as JSON.' });

/** The options objects, as the server's WebAuthn library writes them; the browser reads them whole. */
const optionsJson = (description: string) => z.looseObject({ challenge: z.string() }).meta({ description });

export const WebAuthnRegisterStartRequestSchema = z
  .strictObject({
    is_passkey: z
      .boolean()
      .optional()
      .meta({ description: 'true (the default): a discoverable credential with user verification, a passkey. false: a second factor.' }),
  })
  .meta({ id: 'WebAuthnRegisterStartRequest' });
export type WebAuthnRegisterStartRequest = z.input<typeof WebAuthnRegisterStartRequestSchema>;

export const WebAuthnRegisterStartResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    public_key_credential_creation_options: optionsJson('PublicKeyCredentialCreationOptionsJSON; its challenge works once, for 5 minutes.'),
  })
  .meta({ id: 'WebAuthnRegisterStartResponse' });
export type WebAuthnRegisterStartResponse = z.output<typeof WebAuthnRegisterStartResponseSchema>;

export const WebAuthnRegisterRequestSchema = z
  .strictObject({ public_key_credential: RegistrationCredentialSchema, session_duration_minutes: minutes.optional() })
  .meta({ id: 'WebAuthnRegisterRequest' });
export type WebAuthnRegisterRequest = z.input<typeof WebAuthnRegisterRequestSchema>;

export const WebAuthnRegisterResponseSchema = SessionResponseSchema.extend({ webauthn_registration_id: z.string() }).meta({ id: 'WebAuthnRegisterResponse' });
export type WebAuthnRegisterResponse = z.output<typeof WebAuthnRegisterResponseSchema>;

export const WebAuthnAuthenticateStartRequestSchema = z
  .strictObject({
    is_passkey: z.boolean().optional().meta({
      description:
        "true (the default): any passkey of this site may answer (discoverable credentials). false: a second factor, among the Bearer session user's credentials; needs that session.",
    }),
    email: email.optional().meta({
      description:
        'Identifier-first: the passkeys of the user this address names become allowCredentials. An address with no account or no passkey gets stand-ins of the same shape (the answer tells no one whether it exists). Passkeys only (not with is_passkey false).',
    }),
  })
  .meta({ id: 'WebAuthnAuthenticateStartRequest' });
export type WebAuthnAuthenticateStartRequest = z.input<typeof WebAuthnAuthenticateStartRequestSchema>;

export const WebAuthnAuthenticateStartResponseSchema = z
  .object({
    ...ok,
    public_key_credential_request_options: optionsJson('PublicKeyCredentialRequestOptionsJSON; its challenge works once, for 5 minutes.'),
  })
  .meta({ id: 'WebAuthnAuthenticateStartResponse' });
export type WebAuthnAuthenticateStartResponse = z.output<typeof WebAuthnAuthenticateStartResponseSchema>;

export const WebAuthnAuthenticateRequestSchema = z
  .strictObject({ public_key_credential: AuthenticationCredentialSchema, session_duration_minutes: minutes.optional() })
  .meta({ id: 'WebAuthnAuthenticateRequest' });
export type WebAuthnAuthenticateRequest = z.input<typeof WebAuthnAuthenticateRequestSchema>;

const registrationId = z.string().min(1).max(256);

export const WebAuthnUpdateRequestSchema = z
  .strictObject({ webauthn_registration_id: registrationId, name: z.string().trim().min(1).max(100) })
  .meta({ id: 'WebAuthnUpdateRequest' });
export type WebAuthnUpdateRequest = z.input<typeof WebAuthnUpdateRequestSchema>;

export const WebAuthnUpdateResponseSchema = z.object({ ...ok, webauthn_registration: WebAuthnRegistrationSchema }).meta({ id: 'WebAuthnUpdateResponse' });
export type WebAuthnUpdateResponse = z.output<typeof WebAuthnUpdateResponseSchema>;

export const WebAuthnDeleteRequestSchema = z.strictObject({ webauthn_registration_id: registrationId }).meta({ id: 'WebAuthnDeleteRequest' });
export type WebAuthnDeleteRequest = z.input<typeof WebAuthnDeleteRequestSchema>;

export const WebAuthnDeleteResponseSchema = z.object({ ...ok, user_id: z.string() }).meta({ id: 'WebAuthnDeleteResponse' });
export type WebAuthnDeleteResponse = z.output<typeof WebAuthnDeleteResponseSchema>;

export const WebAuthnWellKnownSchema = z
  .object({
    origins: z.array(z.string()).meta({
      description: 'Exact origins that may use passkeys of the rp id: the related origins first (browsers read 5 site names at most), then those on the rp id.',
    }),
  })
  .meta({ id: 'WebAuthnWellKnown', description: 'The related-origins document of WebAuthn Level 3.' });
export type WebAuthnWellKnown = z.output<typeof WebAuthnWellKnownSchema>;

const TAG = 'Passkeys';
/** A ceremony's finish: its challenge unknown, used or expired, or a credential that does not verify. */
const finishErrors = ['webauthn_challenge_not_found', 'invalid_webauthn_response', 'invalid_duration', 'too_many_requests', 'server_busy'] as const;

export const passkeyRoutes = {
  registerStart: route({
    method: 'post',
    path: '/sdk/v1/webauthn/register/start',
    summary:
      "Options for navigator.credentials.create() to add a passkey to the session's user; the user's passkeys are excluded. A passkey is a way in: the session must have signed in within the project's reauthenticationMinutes, and none is added while a password set before any proof sits beside an unproven email (unverified_email).",
    tag: TAG,
    auth: 'session',
    request: WebAuthnRegisterStartRequestSchema,
    response: WebAuthnRegisterStartResponseSchema,
    errors: ['reauthentication_required', 'unverified_email', 'too_many_requests', 'webauthn_origin_not_allowed'],
  }),
  register: route({
    method: 'post',
    path: '/sdk/v1/webauthn/register',
    summary:
      "Verify the new credential and store it; the session gains the webauthn factor. The start's rules hold again when it is stored: a sign-in no longer recent is reauthentication_required.",
    tag: TAG,
    auth: 'session',
    request: WebAuthnRegisterRequestSchema,
    response: WebAuthnRegisterResponseSchema,
    errors: [...finishErrors, 'duplicate_webauthn_registration', 'reauthentication_required', 'unverified_email'],
  }),
  authenticateStart: route({
    method: 'post',
    path: '/sdk/v1/webauthn/authenticate/start',
    summary: 'Options for navigator.credentials.get(), for a button or for autofill (conditional mediation).',
    tag: TAG,
    auth: 'public-optional-session',
    request: WebAuthnAuthenticateStartRequestSchema,
    response: WebAuthnAuthenticateStartResponseSchema,
    errors: ['user_unauthenticated', 'too_many_requests', 'webauthn_origin_not_allowed'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/webauthn/authenticate',
    summary: "Verify a passkey's assertion and sign its user in (or add the factor to the Bearer session of the same user).",
    tag: TAG,
    auth: 'public-optional-session',
    request: WebAuthnAuthenticateRequestSchema,
    response: SignInResponseSchema,
    errors: [...finishErrors, 'webauthn_registration_not_found', 'user_unauthenticated'],
  }),
  update: route({
    method: 'post',
    path: '/sdk/v1/webauthn/update',
    summary: "Rename one of the session user's passkeys.",
    tag: TAG,
    auth: 'session',
    request: WebAuthnUpdateRequestSchema,
    response: WebAuthnUpdateResponseSchema,
    errors: ['webauthn_registration_not_found'],
  }),
  delete: route({
    method: 'post',
    path: '/sdk/v1/webauthn/delete',
    summary: "Delete one of the session user's passkeys; it can no longer sign in. Needs a recent sign-in; the user's last way in is refused (last_way_in).",
    tag: TAG,
    auth: 'session',
    request: WebAuthnDeleteRequestSchema,
    response: WebAuthnDeleteResponseSchema,
    errors: ['webauthn_registration_not_found', 'last_way_in', 'reauthentication_required'],
  }),
  wellKnown: route({
    method: 'get',
    path: '/.well-known/webauthn',
    summary:
      "Related origin requests: the origins that may use passkeys of the rp id, which a browser fetches from https://{rpId}/.well-known/webauthn before a ceremony on another site's page (project.webauthn.relatedOrigins). With none configured it lists the rp id's own origins, which no browser needs it for.",
    tag: TAG,
    auth: 'none',
    response: WebAuthnWellKnownSchema,
    errors: [],
  }),
} as const;
