import { z } from 'zod';
import { email, locale, minutes, ok, OkResponseSchema, pkceCodeChallenge, redirectUrl } from './common.js';
import { route } from './route.js';
import { SignInResponseSchema } from './session.js';

/** Passwords. */
const password = z.string().min(1).max(256).meta({ description: 'At most 256 characters.' });

export const PasswordStrengthCheckRequestSchema = z
  .strictObject({
    password: z.string().max(256).meta({ description: 'At most 256 characters.' }),
    /** Its parts count against the password (a password made of the email is weak). */
    email: email.optional().meta({ description: 'Its parts count against the password.' }),
  })
  .meta({ id: 'PasswordStrengthCheckRequest' });
export type PasswordStrengthCheckRequest = z.input<typeof PasswordStrengthCheckRequestSchema>;

export const LudsRequirementsSchema = z.object({
  has_lower_case: z.boolean(),
  has_upper_case: z.boolean(),
  has_digit: z.boolean(),
  has_symbol: z.boolean(),
  /** How many more character kinds are needed to reach ludsComplexity. */
  missing_complexity: z.number().int(),
  /** How many more characters are needed to reach ludsMinimumCount. */
  missing_characters: z.number().int(),
});
export type LudsRequirements = z.output<typeof LudsRequirementsSchema>;

export const PasswordStrengthFeedbackSchema = z.object({
  /** zxcvbn's warning in English ('' when none); the widgets map known ones to their strings. */
  warning: z.string(),
  suggestions: z.array(z.string()),
  /** Present when the policy is luds. */
  luds_requirements: LudsRequirementsSchema.nullable(),
});
export type PasswordStrengthFeedback = z.output<typeof PasswordStrengthFeedbackSchema>;

export const PasswordStrengthCheckResponseSchema = z
  .object({
    ...ok,
    /** 0..4 (zxcvbn score; under luds, derived from how many requirements hold). */
    score: z.number().int().min(0).max(4),
    feedback: PasswordStrengthFeedbackSchema,
    valid_password: z.boolean(),
    /** 'none': the project judges no strength (only the breached check); the widget shows no feedback. */
    strength_policy: z.enum(['zxcvbn', 'luds', 'none']),
    breached_password: z.boolean(),
  })
  .meta({ id: 'PasswordStrengthCheckResponse' });
export type PasswordStrengthCheckResponse = z.output<typeof PasswordStrengthCheckResponseSchema>;

export const PasswordCreateRequestSchema = z
  .strictObject({ email, password, session_duration_minutes: minutes.optional() })
  .meta({ id: 'PasswordCreateRequest' });
export type PasswordCreateRequest = z.input<typeof PasswordCreateRequestSchema>;

export const PasswordAuthenticateRequestSchema = z
  .strictObject({ email, password, session_duration_minutes: minutes.optional() })
  .meta({ id: 'PasswordAuthenticateRequest' });
export type PasswordAuthenticateRequest = z.input<typeof PasswordAuthenticateRequestSchema>;

export const PasswordResetByEmailStartRequestSchema = z
  .strictObject({
    email,
    reset_password_redirect_url: redirectUrl.optional().meta({ description: "On the project's resetPasswordRedirectUrls; the first by default." }),
    reset_password_expiration_minutes: minutes.optional().meta({ description: 'Reset-link lifetime, 5..10080; default 30.' }),
    login_redirect_url: redirectUrl.optional().meta({ description: "Where the email's passwordless login link leads (loginRedirectUrls)." }),
    login_expiration_minutes: minutes.optional(),
    locale: locale.optional(),
    /** Binds the email's login link to the asking browser, as a magic link's code_challenge does. */
    code_challenge: pkceCodeChallenge.optional(),
  })
  .meta({ id: 'PasswordResetByEmailStartRequest' });
export type PasswordResetByEmailStartRequest = z.input<typeof PasswordResetByEmailStartRequestSchema>;

export const PasswordResetByEmailRequestSchema = z
  .strictObject({ token: z.string().min(1).max(512), password, session_duration_minutes: minutes.optional() })
  .meta({ id: 'PasswordResetByEmailRequest' });
export type PasswordResetByEmailRequest = z.input<typeof PasswordResetByEmailRequestSchema>;

export const PasswordResetTokenCheckRequestSchema = z.strictObject({ token: z.string().min(1).max(512) }).meta({ id: 'PasswordResetTokenCheckRequest' });
export type PasswordResetTokenCheckRequest = z.input<typeof PasswordResetTokenCheckRequestSchema>;

export const PasswordResetTokenCheckResponseSchema = z
  .object({ ...ok, email: z.string().meta({ description: 'The address the link was sent to (the link holder read it there).' }) })
  .meta({ id: 'PasswordResetTokenCheckResponse' });
export type PasswordResetTokenCheckResponse = z.output<typeof PasswordResetTokenCheckResponseSchema>;

export const passwordRoutes = {
  strengthCheck: route({
    method: 'post',
    path: '/sdk/v1/passwords/strength_check',
    summary: "Score a password against the project's policy (zxcvbn or LUDS) and the breached-password corpus.",
    tag: 'Passwords',
    auth: 'public',
    request: PasswordStrengthCheckRequestSchema,
    response: PasswordStrengthCheckResponseSchema,
    errors: ['invalid_email', 'too_many_requests', 'server_busy'],
  }),
  create: route({
    method: 'post',
    path: '/sdk/v1/passwords',
    summary:
      'Create a user with a password (new email only) and start a session. Weak or breached: 400 weak_password; an existing user without a password: 400 reset_password; with one: 400 duplicate_email.',
    tag: 'Passwords',
    auth: 'public',
    request: PasswordCreateRequestSchema,
    response: SignInResponseSchema,
    errors: ['invalid_email', 'weak_password', 'reset_password', 'duplicate_email', 'invalid_duration', 'too_many_requests', 'server_busy'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/passwords/authenticate',
    summary:
      'Log in with email and password. Unknown email, an account without a password or a wrong password: 401 unauthorized_credentials, alike in time. 10 wrong passwords for one account from one client address lock that address out of it, 100 from all addresses lock the account (429 user_lock_limit_reached); a reset lifts the lock.',
    tag: 'Passwords',
    auth: 'public-optional-session',
    request: PasswordAuthenticateRequestSchema,
    response: SignInResponseSchema,
    errors: [
      'invalid_email',
      'unauthorized_credentials',
      'reset_password',
      'breached_password',
      'user_lock_limit_reached',
      'invalid_duration',
      'too_many_requests',
      'server_busy',
    ],
  }),
  resetByEmailStart: route({
    method: 'post',
    path: '/sdk/v1/passwords/email/reset/start',
    summary:
      'Email a single-use password-reset link (and a passwordless login link) to a known address. An unknown address gets the same answer and no email; no user is created. An email the mail server refuses or that cannot reach it is 502/503 delivery_failed, and its links do not work.',
    tag: 'Passwords',
    auth: 'public',
    request: PasswordResetByEmailStartRequestSchema,
    response: OkResponseSchema,
    errors: ['invalid_email', 'invalid_redirect_url', 'invalid_duration', 'too_many_requests', 'delivery_failed'],
  }),
  checkResetToken: route({
    method: 'post',
    path: '/sdk/v1/passwords/email/reset/check',
    summary:
      'Whether a reset link still works, without using it: 200 with the address it was sent to, or 401 invalid_reset_token (used, expired or unknown), so the page can say so before a new password is typed.',
    tag: 'Passwords',
    auth: 'public',
    request: PasswordResetTokenCheckRequestSchema,
    response: PasswordResetTokenCheckResponseSchema,
    errors: ['invalid_reset_token', 'too_many_requests'],
  }),
  resetByEmail: route({
    method: 'post',
    path: '/sdk/v1/passwords/email/reset',
    summary:
      "Set a new password with an emailed reset token (single use), prove the email, sign in and revoke the user's other sessions. A weak new password keeps the token.",
    tag: 'Passwords',
    auth: 'public',
    request: PasswordResetByEmailRequestSchema,
    response: SignInResponseSchema,
    errors: ['invalid_reset_token', 'weak_password', 'invalid_duration', 'too_many_requests', 'server_busy'],
  }),
} as const;
