import type { VestibuleErrorInfo } from '@vestibule/client';
import type { PasswordStrengthCheckResponse, UserType } from '@vestibule/contract';
import type { OtpMethod } from '../types';

/** Internal screen values (SPEC.md section 2). Only the ones this release renders are produced. */
export type Screen =
  | 'Main'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'PasswordResetForm'
  | 'PasswordCreateOrLogin'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordConfirmation'
  | 'PasskeyRegistrationStart'
  | 'IDPConsent';

export type MountKind = 'login' | 'passwordReset' | 'passkeyRegistration' | 'identityProvider';

export type BannerVariant = 'error' | 'warning' | 'success';

export interface Banner {
  variant: BannerVariant;
  message: string;
}

/** A passcode was sent (SPEC.md section 3, otpState). */
export interface OtpState {
  type: OtpMethod;
  /** The id OTP authenticate takes back; a resend may replace it. */
  methodId: string;
  /** Where the code went, as sent on the wire: the email, or the phone number in E.164 form. */
  otpDestination: string;
  /** The destination as the user reads it: the email, or the phone number formatted. */
  formattedDestination: string;
  /** When the code expires (epoch ms); a resend moves it. */
  expiresAt: number;
}

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

/** The resend button (SPEC.md section 4): initial, sending, sent ('Code sent' for 2 s), waiting. */
export type ResendStatus = 'initial' | 'sending' | 'sent' | 'waiting';

/** Widget state (SPEC.md section 3). Facts only: which screen shows is derived by getScreen. */
export interface FlowState {
  mount: MountKind;
  /** Set once a magic link was sent to this address; cleared by 'Try again'. */
  magicLinkState: { email: string } | null;
  /** Set once a passcode was sent; cleared by the back arrow. */
  otpState: OtpState | null;
  resendStatus: ResendStatus;
  /**
   * What the user last submitted on Main (a passcode destination, or the email looked up for a
   * password), as typed, so the back arrow returns to a filled form.
   */
  mainDraft: { method: OtpMethod | 'password'; typed: string; country?: string } | null;
  /** The Main tab the user chose (Text, WhatsApp or Email), kept across the back arrow. */
  mainTab: OtpMethod | null;
  /** The email submitted on the password tab and what users.search said about it (SPEC.md section 3). */
  passwordState: { email: string; type: UserType } | null;
  /** A password-reset email went out from the login flow, and why; cleared by the back arrow. */
  resetEmailSent: ResetEmailReason | null;
  passwordStrength: PasswordStrengthState | null;
  /** The reset mount's token and its type ('login' = a magic-link token, read from the page URL). */
  resetPasswordState: { token: string; tokenType: string | null } | null;
  /** A request is in flight: submit buttons are disabled and show a spinner. */
  pending: boolean;
  /** Signed in during this flow (by which method). */
  authenticated: 'magic_link' | 'otp' | 'password' | null;
  /** The last error, shown under the field it concerns or in the banner. */
  errorDescriptor: { error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner' } | null;
  /** A non-error notice at the top of the widget. */
  banner: Banner | null;
}

export function initialState(mount: MountKind, extra: Partial<FlowState> = {}): FlowState {
  return {
    mount,
    magicLinkState: null,
    otpState: null,
    mainDraft: null,
    resendStatus: 'initial',
    mainTab: null,
    resetPasswordState: null,
    passwordState: null,
    resetEmailSent: null,
    passwordStrength: null,
    pending: false,
    authenticated: null,
    errorDescriptor: null,
    banner: null,
    ...extra,
  };
}
