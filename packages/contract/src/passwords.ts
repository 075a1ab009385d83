/** Passwords (SPEC.md sections 2, 3, 4, 5, 7 and 8). */

/** Which variant of PasswordCreateOrLogin shows: no account, an account with a password, or without one. */
export type UserType = 'new' | 'password' | 'passwordless';

export interface UserSearchRequest {
  email: string;
}

export interface UserSearchResponse {
  status_code: 200;
  request_id: string;
  userType: UserType;
}

export interface PasswordStrengthCheckRequest {
  password: string;
  /** Its parts count against the password (a password made of the email is weak). */
  email?: string;
}

export interface LudsRequirements {
  has_lower_case: boolean;
  has_upper_case: boolean;
  has_digit: boolean;
  has_symbol: boolean;
  /** How many more character kinds are needed to reach ludsComplexity. */
  missing_complexity: number;
  /** How many more characters are needed to reach ludsMinimumCount. */
  missing_characters: number;
}

export interface PasswordStrengthFeedback {
  /** zxcvbn's warning in English ('' when none); the widgets map known ones to their strings. */
  warning: string;
  suggestions: string[];
  /** Present when the policy is luds. */
  luds_requirements: LudsRequirements | null;
}

export interface PasswordStrengthCheckResponse {
  status_code: 200;
  request_id: string;
  /** 0..4 (zxcvbn score; under luds, derived from how many requirements hold). */
  score: number;
  feedback: PasswordStrengthFeedback;
  valid_password: boolean;
  strength_policy: 'zxcvbn' | 'luds';
  breached_password: boolean;
}

export interface PasswordCreateRequest {
  email: string;
  password: string;
  session_duration_minutes?: number;
}

export interface PasswordAuthenticateRequest {
  email: string;
  password: string;
  session_duration_minutes?: number;
}

export interface PasswordResetByEmailStartRequest {
  email: string;
  /** Where the reset link leads; must be on the project's reset allowlist. */
  reset_password_redirect_url?: string;
  /** Default 30; 5..10080. */
  reset_password_expiration_minutes?: number;
  /** Where a 'Login without a password' magic link leads (login allowlist). */
  login_redirect_url?: string;
  login_expiration_minutes?: number;
  locale?: string;
}

export interface PasswordResetByEmailRequest {
  token: string;
  password: string;
  session_duration_minutes?: number;
}
