import { z } from 'zod';
import { email, locale, minutes, ok } from './common.js';
import { route } from './route.js';
import { SignInResponseSchema } from './session.js';

/** One-time passcodes: 6 digits, 5 minutes by default. */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';

const otpExpiration = minutes.meta({ description: 'Passcode lifetime in minutes, 1..30; default 5.' });

export const OtpEmailLoginOrCreateRequestSchema = z
  .strictObject({
    email,
    expiration_minutes: otpExpiration.optional(),
    login_template_id: z.string().min(1).max(128).optional().meta({ description: "Key of the project's otpTemplates used when the user exists." }),
    signup_template_id: z.string().min(1).max(128).optional().meta({ description: "Key of the project's otpTemplates used when the user is new." }),
    locale: locale.optional(),
  })
  .meta({ id: 'OtpEmailLoginOrCreateRequest' });
export type OtpEmailLoginOrCreateRequest = z.input<typeof OtpEmailLoginOrCreateRequestSchema>;

export const OtpPhoneLoginOrCreateRequestSchema = z
  .strictObject({
    phone_number: z.string().max(64).meta({ description: 'E.164, e.g. +15005550006.' }),
    expiration_minutes: otpExpiration.optional(),
    locale: locale.optional(),
  })
  .meta({ id: 'OtpPhoneLoginOrCreateRequest' });
export type OtpPhoneLoginOrCreateRequest = z.input<typeof OtpPhoneLoginOrCreateRequestSchema>;

export const OtpLoginOrCreateResponseSchema = z
  .object({
    ...ok,
    user_id: z.string(),
    method_id: z.string().meta({ description: 'email_id or phone_id the passcode went to; OTP authenticate takes it back.' }),
    user_created: z.boolean(),
  })
  .meta({ id: 'OtpLoginOrCreateResponse' });
export type OtpLoginOrCreateResponse = z.output<typeof OtpLoginOrCreateResponseSchema>;

export const OtpAuthenticateRequestSchema = z
  .strictObject({
    code: z.string().max(64).meta({ description: 'The 6 digits received; any other shape is 400 invalid_code.' }),
    method_id: z.string().min(1).max(256),
    session_duration_minutes: minutes.optional(),
  })
  .meta({ id: 'OtpAuthenticateRequest' });
export type OtpAuthenticateRequest = z.input<typeof OtpAuthenticateRequestSchema>;

const sendErrors = ['invalid_duration', 'too_many_requests', 'delivery_failed'] as const;
const phoneErrors = [
  'invalid_phone_number',
  'invalid_phone_number_country_code',
  'channel_not_configured',
  'text_message_budget_exceeded',
  ...sendErrors,
] as const;
const CHANNEL_NAMES = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const phoneRoute = <const C extends 'sms' | 'whatsapp'>(channel: C) =>
  route({
    method: 'post',
    path: `/sdk/v1/otps/${channel}/login_or_create`,
    summary: `Send a 6-digit passcode by ${CHANNEL_NAMES[channel]} to an E.164 number; an unknown number creates the user. method_id is the phone_id.`,
    tag: 'One-time passcodes',
    auth: 'public',
    request: OtpPhoneLoginOrCreateRequestSchema,
    response: OtpLoginOrCreateResponseSchema,
    errors: phoneErrors,
  });

export const otpRoutes = {
  emailLoginOrCreate: route({
    method: 'post',
    path: '/sdk/v1/otps/email/login_or_create',
    summary: 'Email a 6-digit passcode; an unknown address creates the user. method_id is the email_id.',
    tag: 'One-time passcodes',
    auth: 'public',
    request: OtpEmailLoginOrCreateRequestSchema,
    response: OtpLoginOrCreateResponseSchema,
    errors: ['invalid_email', 'bad_request', ...sendErrors],
  }),
  smsLoginOrCreate: phoneRoute('sms'),
  whatsappLoginOrCreate: phoneRoute('whatsapp'),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/otps/authenticate',
    summary:
      'Use a passcode (once, at most 5 tries): proves the email or phone, activates the user and starts a session, or adds the factor to the Bearer session. Wrong codes lock the guessing address out after 10.',
    tag: 'One-time passcodes',
    auth: 'public-optional-session',
    request: OtpAuthenticateRequestSchema,
    response: SignInResponseSchema,
    errors: ['invalid_code', 'otp_code_not_found', 'otp_code_expired', 'user_lock_limit_reached', 'invalid_duration'],
  }),
} as const;
