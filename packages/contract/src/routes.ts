import type { Bootstrap } from './bootstrap.js';
import type { EventLogRequest } from './events.js';
import type {
  MagicLinkAuthenticateRequest,
  MagicLinkLoginOrCreateRequest,
  MagicLinkLoginOrCreateResponse,
} from './magic-links.js';
import type {
  OtpAuthenticateRequest,
  OtpEmailLoginOrCreateRequest,
  OtpLoginOrCreateResponse,
  OtpPhoneLoginOrCreateRequest,
} from './otps.js';
import type {
  PasswordAuthenticateRequest,
  PasswordCreateRequest,
  PasswordResetByEmailRequest,
  PasswordResetByEmailStartRequest,
  PasswordStrengthCheckRequest,
  PasswordStrengthCheckResponse,
  UserSearchRequest,
  UserSearchResponse,
} from './passwords.js';
import type { SessionResponse, User } from './session.js';

/** Every response that carries no data of its own still says who answered it. */
export interface OkResponse {
  status_code: 200;
  request_id: string;
}

/**
 * The SDK API, path by path. Every /sdk/v1 call carries the header `X-Public-Token`; calls that
 * need a session also carry `Authorization: Bearer <session_token>`. Bodies are JSON.
 * Keys are "METHOD path"; the client types its calls against this map, the server its handlers.
 */
export interface SdkRoutes {
  'GET /sdk/v1/projects/bootstrap': { request: void; response: Bootstrap & OkResponse };
  'POST /sdk/v1/magic_links/email/login_or_create': {
    request: MagicLinkLoginOrCreateRequest;
    response: MagicLinkLoginOrCreateResponse;
  };
  'POST /sdk/v1/magic_links/authenticate': { request: MagicLinkAuthenticateRequest; response: SessionResponse };
  'POST /sdk/v1/otps/email/login_or_create': { request: OtpEmailLoginOrCreateRequest; response: OtpLoginOrCreateResponse };
  'POST /sdk/v1/otps/sms/login_or_create': { request: OtpPhoneLoginOrCreateRequest; response: OtpLoginOrCreateResponse };
  'POST /sdk/v1/otps/whatsapp/login_or_create': { request: OtpPhoneLoginOrCreateRequest; response: OtpLoginOrCreateResponse };
  'POST /sdk/v1/otps/authenticate': { request: OtpAuthenticateRequest; response: SessionResponse };
  'POST /sdk/v1/users/search': { request: UserSearchRequest; response: UserSearchResponse };
  'POST /sdk/v1/passwords/strength_check': { request: PasswordStrengthCheckRequest; response: PasswordStrengthCheckResponse };
  'POST /sdk/v1/passwords': { request: PasswordCreateRequest; response: SessionResponse };
  'POST /sdk/v1/passwords/authenticate': { request: PasswordAuthenticateRequest; response: SessionResponse };
  'POST /sdk/v1/passwords/email/reset/start': { request: PasswordResetByEmailStartRequest; response: OkResponse };
  'POST /sdk/v1/passwords/email/reset': { request: PasswordResetByEmailRequest; response: SessionResponse };
  'GET /sdk/v1/users/me': { request: void; response: User & OkResponse };
  'POST /sdk/v1/sessions/authenticate': {
    request: { session_duration_minutes?: number };
    response: SessionResponse;
  };
  'POST /sdk/v1/sessions/revoke': { request: Record<string, never>; response: OkResponse };
  'POST /sdk/v1/events': { request: EventLogRequest; response: OkResponse };
}

export type SdkRoute = keyof SdkRoutes;
export type RouteRequest<R extends SdkRoute> = SdkRoutes[R]['request'];
export type RouteResponse<R extends SdkRoute> = SdkRoutes[R]['response'];
