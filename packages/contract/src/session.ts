import { z } from 'zod';
import { minutes, ok, OkResponseSchema } from './common.js';
import { metadataObject } from './metadata.js';
import { route } from './route.js';
import { CryptoWalletSchema, OAuthAccountSchema, userParts, WebAuthnRegistrationSchema } from './user-parts.js';

export { CRYPTO_WALLET_TYPES, CryptoWalletSchema, OAuthAccountSchema, userParts, WebAuthnRegistrationSchema } from './user-parts.js';
export type { CryptoWallet, CryptoWalletType, OAuthAccount, UserPartName, WebAuthnRegistration } from './user-parts.js';

/** primary: where the user's messages go and what pages show first (one per user: the one chosen, else the first verified, else the first). */
export const UserEmailSchema = z.object({ email_id: z.string(), email: z.string(), verified: z.boolean(), primary: z.boolean() });
export type UserEmail = z.output<typeof UserEmailSchema>;

export const UserSchema = z
  .object({
    user_id: z.string(),
    status: z.enum(['active', 'pending']),
    created_at: z.string(),
    // name and the two metadata objects are optional for clients of servers from before them; this server always sends them.
    name: z.string().nullable().optional().meta({ description: 'What the project calls the person; set through the management API (null: none).' }),
    emails: z.array(UserEmailSchema),
    // Then what each sign-in method adds (user-parts.ts).
    ...userParts,
    trusted_metadata: metadataObject.optional().meta({
      description: "The project's data on the person: the user reads it, and only the management API writes it (roles, plans, ids in other systems).",
    }),
    untrusted_metadata: metadataObject.optional().meta({
      description: "Data the user's own session writes too (POST /sdk/v1/account/untrusted_metadata), such as preferences: never trust it for decisions.",
    }),
  })
  .meta({ id: 'User' });
export type User = z.output<typeof UserSchema>;

export const authenticationFactorTypes = ['magic_link', 'otp', 'password', 'webauthn', 'oauth', 'crypto', 'attested', 'totp', 'recovery_code'] as const;
export type AuthenticationFactorType = (typeof authenticationFactorTypes)[number];

export const AuthenticationFactorSchema = z
  .object({
    type: z.enum(authenticationFactorTypes),
    delivery_method: z.enum(['email', 'sms', 'whatsapp', 'knowledge', 'webauthn', 'oauth', 'crypto', 'attested', 'authenticator_app', 'recovery_code']),
    last_authenticated_at: z.string(),
    email_factor: z.object({ email_id: z.string(), email_address: z.string() }).optional(),
    /** Set for a passcode sent by SMS or WhatsApp: the phone number it went to (E.164). */
    phone_number_factor: z.object({ phone_id: z.string(), phone_number: z.string() }).optional(),
    /** Set for a wallet's signature (type and delivery_method 'crypto'): the wallet that signed. */
    crypto_wallet_factor: CryptoWalletSchema.omit({ verified: true }).optional(),
    /** Set for a passkey (type and delivery_method 'webauthn'): the registration that signed. */
    webauthn_factor: WebAuthnRegistrationSchema.pick({ webauthn_registration_id: true }).optional(),
    /** Set for a social account (type and delivery_method 'oauth'): the provider account that signed in. */
    oauth_factor: OAuthAccountSchema.pick({ provider_type: true, provider_subject: true }).optional(),
  })
  .meta({ id: 'AuthenticationFactor' });
export type AuthenticationFactor = z.output<typeof AuthenticationFactorSchema>;

export const SessionSchema = z
  .object({
    session_id: z.string(),
    user_id: z.string(),
    started_at: z.string(),
    expires_at: z.string(),
    last_accessed_at: z.string(),
    authentication_factors: z.array(AuthenticationFactorSchema),
  })
  .meta({ id: 'Session' });
export type Session = z.output<typeof SessionSchema>;

/** Returned by every call that signs a user in or refreshes a session. */
export const SessionResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    user: UserSchema,
    session: SessionSchema,
    /** Opaque random token (at least 128 bits); the server keeps only its hash. */
    session_token: z.string(),
    /** Short-lived JWT signed with a key published at /.well-known/jwks.json. */
    session_jwt: z.string(),
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.output<typeof SessionResponseSchema>;

/**
 * The answer of a sign-in that proved one factor of a user with two-step verification (or of any
 * user when the project requires it): no session yet, but an intermediate session token that the
 * second step takes (two-step.ts). It lasts 10 minutes, is bound to the user and the factor just
 * proven, and no session route accepts it.
 */
export const IntermediateSessionResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    /** Opaque random token; the server keeps only its hash. Used once, by the second step. */
    intermediate_session_token: z.string(),
    intermediate_session_expires_at: z.string(),
    /** verify: enter a code from the authenticator app (or a recovery code); enrol: the project requires two-step verification and this user has none yet, so add an authenticator app first. */
    two_step: z.enum(['verify', 'enrol']),
  })
  .meta({ id: 'IntermediateSessionResponse' });
export type IntermediateSessionResponse = z.output<typeof IntermediateSessionResponseSchema>;

/** What a first-factor sign-in answers: a session, or an intermediate session when a second step is due. */
export const signInResponse = <S extends z.ZodType<SessionResponse>>(session: S) => z.union([session, IntermediateSessionResponseSchema]);
export const SignInResponseSchema = signInResponse(SessionResponseSchema).meta({ id: 'SignInResponse' });
export type SignInResponse = z.output<typeof SignInResponseSchema>;

/** The sign-in is held back for a second step (the answer has no session). */
export function needsSecondStep(response: object): response is IntermediateSessionResponse {
  return 'intermediate_session_token' in response;
}

export const SessionAuthenticateRequestSchema = z.strictObject({ session_duration_minutes: minutes.optional() }).meta({ id: 'SessionAuthenticateRequest' });
export const SessionRevokeRequestSchema = z.strictObject({}).meta({ id: 'SessionRevokeRequest' });

export const sessionRoutes = {
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/sessions/authenticate',
    summary: 'Refresh the Bearer session: same session_token, a fresh session_jwt; with a duration the session then lasts that long from now.',
    tag: 'Sessions',
    auth: 'session',
    request: SessionAuthenticateRequestSchema,
    response: SessionResponseSchema,
    errors: ['session_not_found', 'invalid_duration'],
  }),
  revoke: route({
    method: 'post',
    path: '/sdk/v1/sessions/revoke',
    summary: 'Revoke the Bearer session; its token stops working at once.',
    tag: 'Sessions',
    auth: 'session',
    request: SessionRevokeRequestSchema,
    response: OkResponseSchema,
    errors: ['session_not_found'],
  }),
} as const;
