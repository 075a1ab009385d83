/** One-time passcodes (SPEC.md sections 2, 4, 7 and 9): 6 digits, 5 minutes by default. */
export type OtpChannel = 'email' | 'sms' | 'whatsapp';

export interface OtpEmailLoginOrCreateRequest {
  email: string;
  /** Default 5; 1..30. */
  expiration_minutes?: number;
  /** Chooses the wording of the email to a known user (see the server's otpTemplates config). */
  login_template_id?: string;
  /** Chooses the wording of the email to a new user. */
  signup_template_id?: string;
  /** BCP 47 language of the message, e.g. 'en', 'es', 'fr'; unknown ones fall back to English. */
  locale?: string;
}

export interface OtpPhoneLoginOrCreateRequest {
  /** The number in international E.164 form, e.g. '+15005550006'. */
  phone_number: string;
  expiration_minutes?: number;
  locale?: string;
}

export interface OtpLoginOrCreateResponse {
  status_code: 200;
  request_id: string;
  user_id: string;
  /** The id of the email or phone number the code went to; OTP authenticate takes it back. */
  method_id: string;
  user_created: boolean;
}

export interface OtpAuthenticateRequest {
  /** The 6-digit code the user received. */
  code: string;
  method_id: string;
  session_duration_minutes?: number;
}
