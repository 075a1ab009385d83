export interface MagicLinkLoginOrCreateRequest {
  email: string;
  /** Where the emailed link leads for an existing user; must be on the project's login allowlist. */
  login_magic_link_url?: string;
  /** Where the emailed link leads for a new user; must be on the project's signup allowlist. */
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  create_user_as_pending?: boolean;
}

export interface MagicLinkLoginOrCreateResponse {
  status_code: 200;
  request_id: string;
  user_id: string;
  email_id: string;
  user_created: boolean;
}

export interface MagicLinkAuthenticateRequest {
  token: string;
  session_duration_minutes?: number;
}
