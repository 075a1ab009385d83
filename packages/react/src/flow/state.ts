import type { VestibuleErrorInfo } from '@vestibule/client';
import type { OtpMethod } from '../types';

/** Internal screen values (SPEC.md section 2). Only the ones this release renders are produced. */
export type Screen =
  | 'Main'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'PasswordResetForm'
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
  /** What the user last sent a passcode to, as typed, so the back arrow returns to a filled form. */
  otpDraft: { method: OtpMethod; typed: string; country?: string } | null;
  /** The Main tab the user chose (Text, WhatsApp or Email), kept across the back arrow. */
  mainTab: OtpMethod | null;
  /** The reset mount's token and its type ('login' = a magic-link token, read from the page URL). */
  resetPasswordState: { token: string; tokenType: string | null } | null;
  /** A request is in flight: submit buttons are disabled and show a spinner. */
  pending: boolean;
  /** Signed in during this flow (by which method). */
  authenticated: 'magic_link' | 'otp' | null;
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
    otpDraft: null,
    resendStatus: 'initial',
    mainTab: null,
    resetPasswordState: null,
    pending: false,
    authenticated: null,
    errorDescriptor: null,
    banner: null,
    ...extra,
  };
}
