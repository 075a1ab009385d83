import type { PasswordStrengthCheckResponse, UserType } from '@vestibule/contract';

/** Why a password-reset email was sent: it picks the screen that says so. */
export type ResetEmailReason = 'forgot' | 'setNew' | 'dedupe' | 'breached';

/**
 * Live strength feedback of the password field. `requested` is the password last sent to the
 * strength check; an answer for any other password is stale and dropped. `checked` is the latest
 * answer kept (for the password it was for), so the feedback does not flicker while typing.
 */
export interface PasswordStrengthState {
  requested: string;
  checked: { password: string; response: PasswordStrengthCheckResponse } | null;
}

/** Passwords' part of the flow state (login and reset mounts). */
export interface PasswordSlice {
  /** The email submitted on the password tab and what users.search said about it. */
  passwordState: { email: string; type: UserType } | null;
  /** A password-reset email went out from the login flow, and why; cleared by the back arrow. */
  resetEmailSent: ResetEmailReason | null;
  passwordStrength: PasswordStrengthState | null;
  /** The reset mount's token and its type ('login' = a magic-link token, read from the page URL). */
  resetPasswordState: {
    token: string;
    tokenType: string | null;
    /** What the check on opening said: the link works (and for which address), or it is used or expired. */
    check?: 'valid' | 'dead';
    email?: string;
    /** A dead link was replaced: the address a new one went to. */
    newLinkSentTo?: string;
  } | null;
}

export type PasswordEvent =
  /** Password tab: look the email up (users.search). */
  | { type: 'SEARCH_USER'; email: string }
  /** The password field changed (already debounced): check its strength ('' clears the feedback). */
  | { type: 'CHECK_STRENGTH'; password: string; email?: string }
  | { type: 'CREATE_PASSWORD'; password: string }
  | { type: 'LOGIN_PASSWORD'; password: string }
  /** Sends the reset email for passwordState.email; reason picks the screen after it. */
  | { type: 'SEND_RESET_EMAIL'; reason: ResetEmailReason }
  /** 'Resend' on PasswordForgot (and the other check-your-email screens): a toast says how it went. */
  | { type: 'RESEND_RESET_EMAIL' }
  /** The back arrow of a Password* screen: to Main. */
  | { type: 'PASSWORD_BACK' }
  /** Reset mount: set the new password with the emailed token. */
  | { type: 'RESET_PASSWORD'; password: string }
  /** Reset mount, dead link: email a new reset link to this address. */
  | { type: 'REQUEST_NEW_RESET_LINK'; email: string };

export type PasswordResult =
  | { type: 'USER_FOUND'; email: string; userType: UserType }
  | { type: 'STRENGTH_CHECKED'; password: string; response: PasswordStrengthCheckResponse }
  | { type: 'RESET_EMAIL_SENT'; reason: ResetEmailReason }
  | { type: 'RESET_TOKEN_CHECKED'; email: string }
  /** The reset link was used or has expired. */
  | { type: 'RESET_TOKEN_DEAD' }
  | { type: 'NEW_RESET_LINK_SENT'; email: string };

declare module '../../flow/types' {
  interface FeatureStates {
    passwords: PasswordSlice;
  }
  interface FeatureEvents {
    passwords: PasswordEvent;
  }
  interface FeatureResults {
    passwords: PasswordResult;
  }
  interface FeatureScreens {
    passwords:
      | 'PasswordResetForm'
      | 'PasswordCreateOrLogin'
      | 'PasswordForgot'
      | 'PasswordBreached'
      | 'PasswordSetNew'
      | 'PasswordDedupe'
      | 'PasswordConfirmation';
  }
  interface SignInMethods {
    password: true;
  }
  interface MainDrafts {
    /** The email looked up on the password form, as typed. */
    passwords: { method: 'password'; typed: string };
  }
}

export const initialPasswordSlice: PasswordSlice = {
  passwordState: null,
  resetEmailSent: null,
  passwordStrength: null,
  resetPasswordState: null,
};
