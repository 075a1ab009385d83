import { z } from '@hono/zod-openapi';

/** Zod schemas of the wire shapes (packages/contract), used for validation and the OpenAPI document. */

const errorTypes = [
  'invalid_email', 'invalid_phone_number', 'unsubscribed_phone_number', 'inactive_email', 'unauthorized_credentials',
  'user_unauthenticated', 'email_not_found', 'unable_to_auth_magic_link', 'no_user_password', 'breached_password',
  'reset_password', 'oauth_token_not_found', 'invalid_code', 'member_password_not_found', 'oauth_flow_callback_error',
  'unauthorized_action', 'user_lock_limit_reached', 'invalid_session_token', 'session_not_found',
  'invalid_phone_number_country_code', 'otp_code_not_found', 'duplicate_member_phone_number',
  'webauthn_registration_not_found', 'bad_request', 'invalid_public_token', 'invalid_redirect_url', 'invalid_duration',
  'not_found', 'method_not_allowed', 'payload_too_large', 'unsupported_media_type', 'too_many_requests',
  'delivery_failed', 'channel_not_configured', 'internal_server_error', 'weak_password', 'duplicate_email',
  'invalid_reset_token', 'forbidden',
] as const;

export const ErrorResponseSchema = z
  .object({
    status_code: z.number().int(),
    request_id: z.string(),
    error_type: z.enum(errorTypes),
    error_message: z.string(),
  })
  .openapi('ErrorResponse');

export const OkResponseSchema = z.object({ status_code: z.literal(200), request_id: z.string() }).openapi('OkResponse');

const ok = { status_code: z.literal(200), request_id: z.string() };

export const UserSchema = z
  .object({
    user_id: z.string(),
    status: z.enum(['active', 'pending']),
    created_at: z.string(),
    emails: z.array(z.object({ email_id: z.string(), email: z.string(), verified: z.boolean() })),
    phone_numbers: z.array(z.object({ phone_id: z.string(), phone_number: z.string(), verified: z.boolean() })),
    webauthn_registrations: z.array(z.object({ webauthn_registration_id: z.string(), name: z.string(), created_at: z.string() })),
    password: z.object({ password_id: z.string() }).nullable(),
  })
  .openapi('User');

export const UserResponseSchema = UserSchema.extend(ok).openapi('UserResponse');

export const AuthenticationFactorSchema = z
  .object({
    type: z.enum(['magic_link', 'otp', 'password', 'webauthn', 'oauth', 'crypto', 'attested']),
    delivery_method: z.enum(['email', 'sms', 'whatsapp', 'knowledge', 'webauthn', 'oauth', 'crypto', 'attested']),
    last_authenticated_at: z.string(),
    email_factor: z.object({ email_id: z.string(), email_address: z.string() }).optional(),
    phone_number_factor: z.object({ phone_id: z.string(), phone_number: z.string() }).optional(),
  })
  .openapi('AuthenticationFactor');

export const SessionSchema = z
  .object({
    session_id: z.string(),
    user_id: z.string(),
    started_at: z.string(),
    expires_at: z.string(),
    last_accessed_at: z.string(),
    authentication_factors: z.array(AuthenticationFactorSchema),
  })
  .openapi('Session');

export const SessionResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    user: UserSchema,
    session: SessionSchema,
    session_token: z.string(),
    session_jwt: z.string(),
  })
  .openapi('SessionResponse');

export const BootstrapResponseSchema = z
  .object({
    ...ok,
    emailDomains: z.array(z.string()),
    passwordConfig: z.object({ ludsComplexity: z.number().int(), ludsMinimumCount: z.number().int() }).nullable(),
    displayWatermark: z.boolean(),
    projectName: z.string(),
    rbacPolicy: z.object({ scopes: z.array(z.object({ scope: z.string(), description: z.string() })) }).nullable(),
  })
  .openapi('BootstrapResponse');

/** Minutes fields: integers; the range is checked by the handler so it can answer invalid_duration. */
const minutes = z.number().int();

export const MagicLinkLoginOrCreateRequestSchema = z
  .strictObject({
    email: z.string().max(1000),
    login_magic_link_url: z.string().max(2048).optional(),
    signup_magic_link_url: z.string().max(2048).optional(),
    login_expiration_minutes: minutes.optional(),
    signup_expiration_minutes: minutes.optional(),
    create_user_as_pending: z.boolean().optional(),
  })
  .openapi('MagicLinkLoginOrCreateRequest');

export const MagicLinkLoginOrCreateResponseSchema = z
  .object({ ...ok, user_id: z.string(), email_id: z.string(), user_created: z.boolean() })
  .openapi('MagicLinkLoginOrCreateResponse');

export const MagicLinkAuthenticateRequestSchema = z
  .strictObject({ token: z.string().min(1).max(512), session_duration_minutes: minutes.optional() })
  .openapi('MagicLinkAuthenticateRequest');

const locale = z.string().max(35).openapi({ description: "BCP 47 language of the message ('en', 'es', 'fr', 'es-MX' …); others fall back to English." });
const otpExpiration = minutes.openapi({ description: 'Passcode lifetime in minutes, 1..30; default 5.' });

export const OtpEmailLoginOrCreateRequestSchema = z
  .strictObject({
    email: z.string().max(1000),
    expiration_minutes: otpExpiration.optional(),
    login_template_id: z.string().min(1).max(128).optional().openapi({ description: "Key of the project's otpTemplates used when the user exists." }),
    signup_template_id: z.string().min(1).max(128).optional().openapi({ description: "Key of the project's otpTemplates used when the user is new." }),
    locale: locale.optional(),
  })
  .openapi('OtpEmailLoginOrCreateRequest');

export const OtpPhoneLoginOrCreateRequestSchema = z
  .strictObject({
    phone_number: z.string().max(64).openapi({ description: 'E.164, e.g. +15005550006.' }),
    expiration_minutes: otpExpiration.optional(),
    locale: locale.optional(),
  })
  .openapi('OtpPhoneLoginOrCreateRequest');

export const OtpLoginOrCreateResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    method_id: z.string().openapi({ description: 'email_id or phone_id the passcode went to; OTP authenticate takes it back.' }),
    user_created: z.boolean(),
  })
  .openapi('OtpLoginOrCreateResponse');

export const OtpAuthenticateRequestSchema = z
  .strictObject({
    code: z.string().max(64).openapi({ description: 'The 6 digits received; any other shape is 400 invalid_code.' }),
    method_id: z.string().min(1).max(256),
    session_duration_minutes: minutes.optional(),
  })
  .openapi('OtpAuthenticateRequest');

const email = z.string().max(1000);
const password = z.string().min(1).max(256).openapi({ description: 'At most 256 characters.' });

export const UserSearchRequestSchema = z.strictObject({ email }).openapi('UserSearchRequest');

export const UserSearchResponseSchema = z
  .object({
    ...ok,
    userType: z
      .enum(['new', 'password', 'passwordless'])
      .openapi({ description: "'new': no user has this email; 'password': a user with a password; 'passwordless': a user without one." }),
  })
  .openapi('UserSearchResponse');

export const PasswordStrengthCheckRequestSchema = z
  .strictObject({
    password: z.string().max(256).openapi({ description: 'At most 256 characters.' }),
    email: email.optional().openapi({ description: 'Its parts count against the password.' }),
  })
  .openapi('PasswordStrengthCheckRequest');

export const PasswordStrengthCheckResponseSchema = z
  .object({
    ...ok,
    score: z.number().int().min(0).max(4),
    feedback: z.object({
      warning: z.string(),
      suggestions: z.array(z.string()),
      luds_requirements: z
        .object({
          has_lower_case: z.boolean(),
          has_upper_case: z.boolean(),
          has_digit: z.boolean(),
          has_symbol: z.boolean(),
          missing_complexity: z.number().int(),
          missing_characters: z.number().int(),
        })
        .nullable(),
    }),
    valid_password: z.boolean(),
    strength_policy: z.enum(['zxcvbn', 'luds']),
    breached_password: z.boolean(),
  })
  .openapi('PasswordStrengthCheckResponse');

export const PasswordCreateRequestSchema = z
  .strictObject({ email, password, session_duration_minutes: minutes.optional() })
  .openapi('PasswordCreateRequest');

export const PasswordAuthenticateRequestSchema = z
  .strictObject({ email, password, session_duration_minutes: minutes.optional() })
  .openapi('PasswordAuthenticateRequest');

export const PasswordResetByEmailStartRequestSchema = z
  .strictObject({
    email,
    reset_password_redirect_url: z.string().max(2048).optional().openapi({ description: "On the project's resetPasswordRedirectUrls; the first by default." }),
    reset_password_expiration_minutes: minutes.optional().openapi({ description: 'Reset-link lifetime, 5..10080; default 30.' }),
    login_redirect_url: z.string().max(2048).optional().openapi({ description: "Where the email's passwordless login link leads (loginRedirectUrls)." }),
    login_expiration_minutes: minutes.optional(),
    locale: locale.optional(),
  })
  .openapi('PasswordResetByEmailStartRequest');

export const PasswordResetByEmailRequestSchema = z
  .strictObject({ token: z.string().min(1).max(512), password, session_duration_minutes: minutes.optional() })
  .openapi('PasswordResetByEmailRequest');

export const SessionAuthenticateRequestSchema = z
  .strictObject({ session_duration_minutes: minutes.optional() })
  .openapi('SessionAuthenticateRequest');

export const SessionRevokeRequestSchema = z.strictObject({}).openapi('SessionRevokeRequest');

export const loggedEventNames = [
  'sdk_instance_instantiated',
  'render_login_screen',
  'render_idp_screen',
  'email_sent',
  'email_try_again_clicked',
  'flow_complete',
  'authenticate_flow_complete',
  'consent_denied',
] as const;

export const LoggedEventSchema = z
  .strictObject({
    event_id: z.string().min(1).max(64),
    name: z.enum(loggedEventNames),
    timestamp: z.string().max(64).refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 time'),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi('LoggedEvent');

export const EventLogRequestSchema = z
  .strictObject({ events: z.array(LoggedEventSchema).min(1).max(50) })
  .openapi('EventLogRequest');

export const OutboxResponseSchema = z
  .object({
    messages: z.array(
      z.object({
        id: z.string(),
        channel: z.enum(['email', 'sms', 'whatsapp']),
        to: z.string(),
        subject: z.string().nullable(),
        text: z.string(),
        html: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi('OutboxResponse');

export const JwksResponseSchema = z
  .object({
    keys: z.array(
      z.object({ kty: z.string(), crv: z.string(), x: z.string(), y: z.string(), kid: z.string(), alg: z.string(), use: z.string() }),
    ),
  })
  .openapi('JwksResponse');

export const HealthResponseSchema = z.object({ status: z.literal('ok') }).openapi('HealthResponse');
