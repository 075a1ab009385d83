/**
 * Every error_type the server may answer with. The first block is the spec's error catalogue
 * (SPEC.md section 8); the second holds the generic HTTP-level types that no catalogue entry fits.
 */
export type CatalogueErrorType =
  | 'invalid_email'
  | 'invalid_phone_number'
  | 'unsubscribed_phone_number'
  | 'inactive_email'
  | 'unauthorized_credentials'
  | 'user_unauthenticated'
  | 'email_not_found'
  | 'unable_to_auth_magic_link'
  | 'no_user_password'
  | 'breached_password'
  | 'reset_password'
  | 'oauth_token_not_found'
  | 'invalid_code'
  | 'member_password_not_found'
  | 'oauth_flow_callback_error'
  | 'unauthorized_action'
  | 'user_lock_limit_reached'
  | 'invalid_session_token'
  | 'session_not_found'
  | 'invalid_phone_number_country_code'
  | 'otp_code_not_found'
  | 'duplicate_member_phone_number'
  | 'webauthn_registration_not_found';

export type GenericErrorType =
  /** Body is not JSON, has wrong types, unknown or missing fields. */
  | 'bad_request'
  /** Missing or unknown X-Public-Token header. */
  | 'invalid_public_token'
  /** A redirect URL not on the project's allowlist. */
  | 'invalid_redirect_url'
  /** A new password that fails the project's strength policy or is known breached. */
  | 'weak_password'
  /** Creating a password for an email that already has one. */
  | 'duplicate_email'
  /** A password-reset token that is unknown, expired or already used (401). */
  | 'invalid_reset_token'
  /** A number outside its allowed range (expiration minutes, session duration). */
  | 'invalid_duration'
  /** Not allowed from this client, e.g. the development outbox from a non-loopback address (403). */
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  /** The SMS, WhatsApp or email provider refused or could not be reached (502 or 503); the message was not sent. */
  | 'delivery_failed'
  /** The server has no provider configured for this channel (503), e.g. SMS without Twilio settings in production. */
  | 'channel_not_configured'
  | 'internal_server_error';

export type ErrorType = CatalogueErrorType | GenericErrorType;

/** The body of every error response. */
export interface ErrorResponse {
  status_code: number;
  request_id: string;
  error_type: ErrorType;
  error_message: string;
}
