export { createVestibuleClient } from './client.js';
export {
  VestibuleApiError,
  VestibuleSDKError,
  errorMessages,
  messageForError,
  errorTypeOf,
  toErrorInfo,
  isErrorResponse,
  USER_UNAUTHENTICATED_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
} from './errors.js';
export type { ClientErrorType, ErrorMessages, NetworkErrorType } from './errors.js';
export {
  isValidEmail,
  INVALID_EMAIL_OTP_MESSAGE,
  INVALID_EMAIL_FORMAT_MESSAGE,
  INVALID_PHONE_NUMBER_MESSAGE,
} from './validation.js';
export { randomId, RANDOM_ID_LENGTH } from './random-id.js';
export { createHttpClient, resolveBaseUrl, DEFAULT_TEST_API_BASE_URL } from './http.js';
export type { HttpClient, HttpClientOptions, RouteArgs, RequestInitExtras } from './http.js';
export {
  createCookieJar,
  cookieAttributes,
  cookieNames,
  isLoopbackHost,
  DEFAULT_OPAQUE_TOKEN_COOKIE_NAME,
  DEFAULT_JWT_COOKIE_NAME,
  DEFAULT_IST_COOKIE_NAME,
  INTERMEDIATE_SESSION_TOKEN_LIFETIME_MS,
} from './cookies.js';
export type { CookieJar, CookieNames, CookieWriteAttributes } from './cookies.js';
export { createSessionManager, sessionStorageKey, SESSION_REFRESH_INTERVAL_MS } from './session-manager.js';
export type { SessionManager, SessionManagerOptions, SessionUpdate, StoredClientData } from './session-manager.js';
export { createBootstrapCache, bootstrapStorageKey, DEFAULT_BOOTSTRAP } from './bootstrap.js';
export type { BootstrapCache } from './bootstrap.js';
export { createEventLogger, EVENT_BATCH_SIZE, EVENT_FLUSH_INTERVAL_MS } from './event-logger.js';
export type { EventLogger } from './event-logger.js';
export { createMagicLinks, magicLinkLoginOrCreateBody } from './magic-links.js';
export { createSignIn, DEFAULT_SESSION_DURATION_MINUTES, type SignIn, type SignInRoute } from './sign-in.js';
export { createOtps, otpEmailLoginOrCreateBody, otpPhoneLoginOrCreateBody } from './otps.js';
export { createPasswords, createUsersSearch, passwordResetByEmailStartBody } from './passwords.js';
export { parsePublicToken, B2B_TOKEN_MESSAGE } from './public-token.js';
export type { PublicTokenInfo } from './public-token.js';
export type {
  ClientOptions,
  CookieOptions,
  MagicLinkEmailOptions,
  OtpEmailOptions,
  OtpPhoneOptions,
  PasswordCredentials,
  PasswordResetByEmailStartOptions,
  SessionDurationOptions,
  SessionState,
  SessionTokens,
  Unsubscribe,
  VestibuleClient,
  VestibuleErrorInfo,
} from './types.js';
