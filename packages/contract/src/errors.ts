/**
 * The error catalogue, written once: every error_type the API answers with, its HTTP status and its
 * default English message. The first block is the spec's catalogue and the
 * product's password and passcode errors; the second holds the types whose message the server
 * words for the case (the HTTP-level ones, a wallet's chain). The server answers with these messages; the
 * client and the widgets show them (a host may override them by error_type). Plain data with no
 * schema library, so a browser bundle may import it.
 */
import type { accountErrorCatalogue } from './account-errors.js';
import { INVALID_PHONE_NUMBER_MESSAGE, USER_UNAUTHENTICATED_MESSAGE } from './error-words.js';
import type { healthErrorCatalogue } from './health-errors.js';
import type { managementErrorCatalogue } from './management-errors.js';
import type { protocolErrorCatalogue } from './protocol-errors.js';
import type { twoStepErrorCatalogue } from './two-step-errors.js';

const userFacingErrors = {
  invalid_email: { status: 400, message: 'Email format is invalid.' },
  invalid_phone_number: { status: 400, message: INVALID_PHONE_NUMBER_MESSAGE },
  unsubscribed_phone_number: {
    status: 400,
    message: 'The user has unsubscribed from messages to this phone number. Reply START to resubscribe, then try again.',
  },
  inactive_email: { status: 400, message: 'This email address is marked as inactive. Please try another email address or contact your admin.' },
  unauthorized_credentials: { status: 401, message: 'Unauthorized credentials.' },
  user_unauthenticated: { status: 401, message: USER_UNAUTHENTICATED_MESSAGE },
  email_not_found: { status: 404, message: 'Email not found.' },
  // Read by the person who clicked the link (the spec's "link already used or expired; try again").
  unable_to_auth_magic_link: { status: 401, message: 'This login link has already been used or has expired. Please request a new one.' },
  no_user_password: { status: 400, message: 'Password not found for this user. Please try again.' },
  breached_password: { status: 400, message: 'Password appears in the list of breached passwords and must be reset.' },
  reset_password: { status: 400, message: 'Password must be reset.' },
  oauth_token_not_found: { status: 404, message: 'OAuth Token could not be found.' },
  invalid_code: { status: 400, message: 'Code format is invalid, please try again.' },
  member_password_not_found: { status: 404, message: 'Member password not found.' },
  /** Identity provider: the relying party's request names no registered client (shown on the widget's error screen, never sent back). */
  idp_client_not_found: {
    status: 400,
    message: 'This application is not registered with this sign-in service (unknown client_id). Please reach out to the application developer.',
  },
  /** Identity provider: redirect_uri is not one the client registered (exact match). */
  idp_redirect_uri_not_registered: {
    status: 400,
    message: 'The redirect_uri is not registered for this application. Please reach out to the application developer.',
  },
  /** Identity provider logout: post_logout_redirect_uri is not one the client registered (exact match). */
  idp_post_logout_redirect_uri_not_registered: {
    status: 400,
    message: 'The post_logout_redirect_uri is not registered for this application. Please reach out to the application developer.',
  },
  /** Session attest: profile_id names no configured token profile. */
  token_profile_not_found: { status: 400, message: 'The token profile is not configured on this server.' },
  /** Session attest: the trusted token's signature, issuer, audience, expiry or email claim does not hold. */
  invalid_trusted_auth_token: { status: 401, message: 'The trusted auth token could not be verified.' },
  oauth_flow_callback_error: { status: 400, message: 'An error occurred in the OAuth callback. Please try signing in again.' },
  /** Google one-tap: a credential whose signature, issuer, audience, expiry or nonce does not hold (or whose nonce was spent). */
  invalid_id_token: { status: 401, message: 'The Google sign-in could not be verified. Please try signing in again.' },
  /** Google one-tap with no Google client id configured on the server. */
  oauth_config_not_found: { status: 400, message: 'Google sign-in is not configured for this project.' },
  unauthorized_action: { status: 403, message: 'Unauthorized action.' },
  user_lock_limit_reached: { status: 429, message: 'Too many failed authentication attempts. Please try again later.' },
  invalid_session_token: { status: 401, message: 'Invalid session token.' },
  session_not_found: { status: 401, message: 'Session not found.' },
  invalid_phone_number_country_code: { status: 400, message: "The phone number's country code is invalid, unsupported or disabled for this project." },
  otp_code_not_found: { status: 401, message: 'Invalid passcode, please try again.' },
  duplicate_member_phone_number: { status: 400, message: 'A member with the specified phone number already exists for this organization.' },
  webauthn_registration_not_found: {
    status: 404,
    message: 'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  },

  // The product's own password errors, also shown to people as the catalogue words them.
  /** A new password that fails the project's strength policy or is known breached. */
  weak_password: { status: 400, message: 'The password is too weak or has appeared in a data breach. Please choose another password.' },
  /** Creating a password for an email that already has one. */
  duplicate_email: { status: 400, message: 'An account with this email already has a password. Log in instead.' },
  /** A password-reset token that is unknown, expired or already used. */
  invalid_reset_token: { status: 401, message: 'The password reset link has expired or was already used. Request a new one.' },

  // The product's own passkey errors. The widget shows its own passkey texts in their place; a
  // direct API caller reads these.
  /** Registering a credential that is already registered (to this user or another). */
  duplicate_webauthn_registration: {
    status: 400,
    message:
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  },
  /** A ceremony's challenge that is unknown, already used or older than 5 minutes. */
  webauthn_challenge_not_found: { status: 401, message: 'This passkey request has expired or was already used. Please try again.' },
  /** A credential that does not verify: wrong origin or relying party, bad signature, no user verification. */
  invalid_webauthn_response: { status: 401, message: 'The passkey could not be verified. Please try again.' },

  // The product's own passcode error: otp_code_not_found's 'try again' would mislead here.
  /** A passcode that no longer works: its 5 tries are used up, or it was used or has expired. */
  otp_code_expired: { status: 401, message: 'This passcode no longer works. Please request a new one.' },
  /** A login flood fills the queue for password hashing and signature checks: this call was not tried; try again in a moment (Retry-After). */
  server_busy: { status: 503, message: 'The server is busy. Please try again in a moment.' },
  /** The project's hourly budget of text messages (all, or to the number's country) is spent: a guard against text-message pumping. */
  text_message_budget_exceeded: { status: 503, message: "We can't send a text message right now. Please use another way to sign in or try again later." },

  // The product's own crypto wallet errors.
  /** An address that is not one of its type: Ethereum 0x and 40 hex digits (a mixed-case one with a valid checksum), Solana base58 of 32 bytes. */
  invalid_crypto_wallet_address: { status: 400, message: 'This is not a valid wallet address for the chosen wallet type.' },
  /** No live sign-in message for the wallet: never started, already used, replaced by a newer one, or older than 10 minutes. */
  crypto_challenge_not_found: { status: 401, message: 'This sign-in request has expired or was already used. Please try again.' },
  /** A signature that is malformed or was not made by this wallet over its sign-in message. */
  invalid_crypto_signature: { status: 401, message: 'The signature could not be verified for this wallet. Please try again.' },
} as const;

/** Types whose message the server words for the case (a field, seconds to wait, a wallet's chain): people see the server's words. */
const httpErrors = {
  /** A wallet on a chain the project does not accept; the server's message names it and the accepted ones. */
  unsupported_crypto_chain: { status: 400, message: "The wallet's network is not accepted here." },
  /** Body is not JSON, has wrong types, unknown or missing fields. */
  bad_request: { status: 400, message: 'The request is not valid.' },
  /** Missing or unknown X-Public-Token header. */
  invalid_public_token: { status: 401, message: 'The X-Public-Token header is missing or does not match a project.' },
  /** A redirect URL not on the project's allowlist. */
  invalid_redirect_url: { status: 400, message: "The redirect URL is not on the project's allowlist." },
  /** A number outside its allowed range (expiration minutes, session duration). */
  invalid_duration: { status: 400, message: 'A duration is outside its allowed range.' },
  /** A passkey ceremony started on a page that is neither on the rp id nor one of its related origins; the server's message names the origin. */
  webauthn_origin_not_allowed: { status: 403, message: 'Passkeys cannot be used on this site.' },
  /** Not allowed from this client, e.g. the development outbox from a non-loopback address. */
  forbidden: { status: 403, message: 'This is not allowed from your address.' },
  not_found: { status: 404, message: 'No such route.' },
  method_not_allowed: { status: 405, message: 'This route does not accept that method.' },
  payload_too_large: { status: 413, message: 'The request body is larger than 16 KiB.' },
  unsupported_media_type: { status: 415, message: 'Request bodies must be JSON (Content-Type: application/json).' },
  too_many_requests: { status: 429, message: 'Too many requests. Please try again later.' },
  /** The SMS, WhatsApp or email provider refused (502) or could not be reached (503); the message was not sent. */
  delivery_failed: { status: 502, message: 'The message could not be sent. Please try again later.' },
  /** The server has no provider configured for this channel, e.g. SMS without Twilio settings in production. */
  channel_not_configured: { status: 503, message: 'This delivery channel is not configured on this server.' },
  internal_server_error: { status: 500, message: 'An unexpected error occurred.' },
} as const;

/**
 * The catalogue browser code reads at run time (this entry, `@vestibule/contract/errors`). The
 * account page's errors are in account-errors.ts, apart, so that the login mount's bundle does not
 * carry them; the account page shows the server's words for them, which are the same.
 */
export const errorCatalogue = { ...userFacingErrors, ...httpErrors } as const satisfies Record<string, { status: number; message: string }>;

/** Every error_type the API answers with: this catalogue's, the account page's, two-step verification's, the management API's and readiness's. */
export type ErrorType =
  | keyof typeof errorCatalogue
  | keyof typeof accountErrorCatalogue
  | keyof typeof twoStepErrorCatalogue
  | keyof typeof managementErrorCatalogue
  | keyof typeof healthErrorCatalogue
  | keyof typeof protocolErrorCatalogue;

/**
 * The types whose message people see as the catalogue words it: the first block of the catalogue
 * and the product's password and passcode errors. For the others the server's own wording is shown.
 */
export type UserFacingErrorType = keyof typeof userFacingErrors;
export function isUserFacingErrorType(type: string): type is UserFacingErrorType {
  return Object.hasOwn(userFacingErrors, type);
}

/** The body of every error response. */
export interface ErrorResponse {
  status_code: number;
  request_id: string;
  error_type: ErrorType;
  error_message: string;
}
