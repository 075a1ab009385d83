import type { ErrorResponse, ErrorType } from '@vestibule/contract';
import type { VestibuleErrorInfo } from './types.js';

/** error_type of a VestibuleApiError made by the client when no answer came back. */
export type NetworkErrorType = 'network_error';

/** Every error_type a client error can carry. */
export type ClientErrorType = ErrorType | NetworkErrorType | 'sdk_error';

/** A non-2xx answer from the server (or no answer at all: error_type 'network_error', status_code 0). */
export class VestibuleApiError extends Error {
  override readonly name = 'VestibuleApiError';
  readonly status_code: number;
  readonly request_id: string;
  readonly error_type: ErrorType | NetworkErrorType;
  readonly error_message: string;

  constructor(body: {
    status_code: number;
    request_id: string;
    error_type: ErrorType | NetworkErrorType;
    error_message: string;
  }) {
    super(body.error_message);
    this.status_code = body.status_code;
    this.request_id = body.request_id;
    this.error_type = body.error_type;
    this.error_message = body.error_message;
  }
}

/** An error raised by the client itself, before or instead of a call (for example: no session). */
export class VestibuleSDKError extends Error {
  override readonly name = 'VestibuleSDKError';
  readonly error_type: ErrorType | 'sdk_error';

  constructor(error_type: ErrorType | 'sdk_error', message: string) {
    super(message);
    this.error_type = error_type;
  }
}

export const USER_UNAUTHENTICATED_MESSAGE = 'Must have an active session to call this method. Have you logged in yet?';

/** The error catalogue (SPEC.md section 8), English. Widgets may pass overrides keyed the same way. */
export const errorMessages = {
  invalid_email: 'Email format is invalid.',
  invalid_phone_number: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  unsubscribed_phone_number:
    'The user has unsubscribed from messages to this phone number. Reply START to resubscribe, then try again.',
  inactive_email:
    'This email address is marked as inactive. Please try another email address or contact your admin.',
  unauthorized_credentials: 'Unauthorized credentials.',
  user_unauthenticated: USER_UNAUTHENTICATED_MESSAGE,
  email_not_found: 'Email not found.',
  unable_to_auth_magic_link:
    'Magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
  no_user_password: 'Password not found for this user. Please try again.',
  breached_password: 'Password appears in the list of breached passwords and must be reset.',
  reset_password: 'Password must be reset.',
  oauth_token_not_found: 'OAuth Token could not be found.',
  invalid_code: 'Code format is invalid, please try again.',
  member_password_not_found: 'Member password not found.',
  oauth_flow_callback_error: 'An error occurred in the OAuth callback. Please try signing in again.',
  unauthorized_action: 'Unauthorized action.',
  user_lock_limit_reached: 'Too many failed authentication attempts. Please try again later.',
  invalid_session_token: 'Invalid session token.',
  session_not_found: 'Session not found.',
  invalid_phone_number_country_code:
    'The country code of this phone number is invalid, not supported, or disabled for this project.',
  otp_code_not_found: 'Invalid passcode, please try again.',
  duplicate_member_phone_number: 'A member with the specified phone number already exists for this organization.',
  webauthn_registration_not_found:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  weak_password: 'The password is too weak or has appeared in a data breach. Please choose another password.',
  duplicate_email: 'An account with this email already has a password. Log in instead.',
  invalid_reset_token: 'The password reset link has expired or was already used. Request a new one.',
  network_error: 'Could not reach the server. Check your connection and try again.',
} as const satisfies Partial<Record<ClientErrorType | 'invalid_reset_token', string>>;

export type ErrorMessages = { -readonly [K in keyof typeof errorMessages]: string };

/** Shown when an error carries neither a known error_type nor a message. */
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

function field(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = (value as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The error_type of anything thrown by the client or shaped like an error response; undefined otherwise. */
export function errorTypeOf(error: unknown): string | undefined {
  return field(error, 'error_type');
}

/**
 * The text to show for an error: the catalogue's message for its error_type (overrides first),
 * otherwise the server's error_message, otherwise the error's own message.
 */
export function messageForError(error: unknown, overrides?: Partial<Record<string, string>>): string {
  const type = errorTypeOf(error);
  if (type !== undefined) {
    const overridden = overrides && Object.hasOwn(overrides, type) ? overrides[type] : undefined;
    if (overridden) return overridden;
    if (Object.hasOwn(errorMessages, type)) return errorMessages[type as keyof typeof errorMessages];
  }
  if (typeof error === 'string' && error !== '') return error;
  return field(error, 'error_message') ?? field(error, 'message') ?? UNKNOWN_ERROR_MESSAGE;
}

/** Whether a value is an error response body from the server. */
export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorResponse).error_type === 'string' &&
    typeof (value as ErrorResponse).status_code === 'number'
  );
}

/** The shape the widgets and the host's onError callback receive. */
export function toErrorInfo(error: unknown): VestibuleErrorInfo {
  const type = errorTypeOf(error);
  return {
    error_type: (type ?? 'sdk_error') as VestibuleErrorInfo['error_type'],
    message: messageForError(error),
  };
}
