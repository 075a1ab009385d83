/**
 * What an integrator needs: the client, its errors, the email check the widgets use, the defaults a
 * host may want to match, the cookie names a host back end reads, and the types. The errors' words
 * (errorMessages, messageForError, toErrorInfo) are `@vestibule/client/error-messages`: a page that
 * imports this entry does not load the whole catalogue before its first failure.
 * The building blocks (HTTP, cookies, session manager, event logger, per-feature modules) stay
 * internal; each feature's calls are reached through the client (client.magicLinks, client.otps,
 * client.passwords, …).
 */
export { createVestibuleClient } from './client.js';
export { DEFAULT_BOOTSTRAP } from './bootstrap.js';
export { VestibuleApiError, VestibuleSDKError, errorTypeOf, isErrorResponse, NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from './errors.js';
export { USER_UNAUTHENTICATED_MESSAGE } from '@vestibule/contract/error-words';
export type { ClientErrorType, NetworkErrorType } from './errors.js';
export { isValidEmail, INVALID_EMAIL_OTP_MESSAGE, INVALID_EMAIL_FORMAT_MESSAGE, INVALID_PHONE_NUMBER_MESSAGE } from './validation.js';
export { DEFAULT_TEST_API_BASE_URL } from './http.js';
export { parsePublicToken } from './public-token.js';
export type { PublicTokenInfo } from './public-token.js';
export { DEFAULT_OPAQUE_TOKEN_COOKIE_NAME, DEFAULT_JWT_COOKIE_NAME, DEFAULT_IST_COOKIE_NAME } from './cookies.js';
export { SESSION_REFRESH_INTERVAL_MS } from './session-manager.js';
export { sessionMark } from './session-mark.js';
export { EVENT_BATCH_SIZE, EVENT_FLUSH_INTERVAL_MS } from './event-batches.js';
export { DEFAULT_SESSION_DURATION_MINUTES } from './sign-in.js';
export type {
  ClientOptions,
  CookieOptions,
  MagicLinkEmailOptions,
  OAuthStartOptions,
  OtpEmailOptions,
  OtpPhoneOptions,
  PasswordCredentials,
  PasswordResetByEmailStartOptions,
  SessionDurationOptions,
  SessionState,
  SessionTokens,
  Unsubscribe,
  UserResponse,
  VestibuleClient,
  VestibuleErrorInfo,
} from './types.js';
