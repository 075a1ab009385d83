import type { OtpEmailLoginOrCreateRequest, OtpPhoneLoginOrCreateRequest } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import type { SignIn } from './sign-in.js';
import type { OtpEmailOptions, OtpPhoneOptions, VestibuleClient } from './types.js';

/** The wire body of POST /sdk/v1/otps/email/login_or_create; unset options are left out. */
export function otpEmailLoginOrCreateBody(email: string, options: OtpEmailOptions = {}): OtpEmailLoginOrCreateRequest {
  const body: OtpEmailLoginOrCreateRequest = { email };
  if (options.expirationMinutes !== undefined) body.expiration_minutes = options.expirationMinutes;
  if (options.loginTemplateId !== undefined) body.login_template_id = options.loginTemplateId;
  if (options.signupTemplateId !== undefined) body.signup_template_id = options.signupTemplateId;
  if (options.locale !== undefined) body.locale = options.locale;
  return body;
}

/** The wire body of POST /sdk/v1/otps/{sms,whatsapp}/login_or_create; unset options are left out. */
export function otpPhoneLoginOrCreateBody(phoneNumber: string, options: OtpPhoneOptions = {}): OtpPhoneLoginOrCreateRequest {
  const body: OtpPhoneLoginOrCreateRequest = { phone_number: phoneNumber };
  if (options.expirationMinutes !== undefined) body.expiration_minutes = options.expirationMinutes;
  if (options.locale !== undefined) body.locale = options.locale;
  return body;
}

export function createOtps(http: HttpClient, signIn: SignIn): VestibuleClient['otps'] {
  return {
    email: {
      loginOrCreate: (email, options) => http.request('POST /sdk/v1/otps/email/login_or_create', otpEmailLoginOrCreateBody(email, options)),
    },
    sms: {
      loginOrCreate: (phoneNumber, options) => http.request('POST /sdk/v1/otps/sms/login_or_create', otpPhoneLoginOrCreateBody(phoneNumber, options)),
    },
    whatsapp: {
      loginOrCreate: (phoneNumber, options) => http.request('POST /sdk/v1/otps/whatsapp/login_or_create', otpPhoneLoginOrCreateBody(phoneNumber, options)),
    },
    authenticate: (code, methodId, options = {}) =>
      signIn('POST /sdk/v1/otps/authenticate', { code, method_id: methodId, session_duration_minutes: options.session_duration_minutes }),
  };
}
