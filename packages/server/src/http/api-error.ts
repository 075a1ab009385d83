import type { ErrorType } from '@vestibule/contract';

/** Default messages for the error types the server answers with. */
export const errorMessages: Partial<Record<ErrorType, string>> = {
  invalid_email: 'Email format is invalid.',
  invalid_phone_number: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  invalid_phone_number_country_code: "The phone number's country code is invalid, unsupported or disabled for this project.",
  invalid_code: 'Code format is invalid, please try again.',
  otp_code_not_found: 'Invalid passcode, please try again.',
  user_lock_limit_reached: 'Too many failed authentication attempts. Please try again later.',
  delivery_failed: 'The message could not be sent. Please try again later.',
  channel_not_configured: 'This delivery channel is not configured on this server.',
  user_unauthenticated: 'Must have an active session to call this method. Have you logged in yet?',
  session_not_found: 'Session not found.',
  invalid_session_token: 'Invalid session token.',
  unable_to_auth_magic_link:
    'Magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
  invalid_public_token: 'The X-Public-Token header is missing or does not match a project.',
  forbidden: 'This is not allowed from your address.',
  not_found: 'No such route.',
  method_not_allowed: 'This route does not accept that method.',
  payload_too_large: 'The request body is larger than 16 KiB.',
  unsupported_media_type: 'Request bodies must be JSON (Content-Type: application/json).',
  too_many_requests: 'Too many requests. Please try again later.',
  internal_server_error: 'An unexpected error occurred.',
  unauthorized_credentials: 'Unauthorized credentials.',
  no_user_password: 'Password not found for this user. Please try again.',
  breached_password: 'Password appears in the list of breached passwords and must be reset.',
  reset_password: 'Password must be reset.',
  weak_password: 'The password is too weak or has appeared in a data breach. Please choose another password.',
  duplicate_email: 'A user with this email already has a password. Log in instead.',
  invalid_reset_token: 'The password reset link has expired or was already used. Request a new one.',
};

/** The one error class handlers throw; the error handler turns it into an ErrorResponse. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: ErrorType,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? errorMessages[errorType] ?? errorType);
    this.name = 'ApiError';
  }
}
