import type { OtpLoginOrCreateResponse } from '@vestibule/contract';
import type { OtpMethod } from '../../types';

/** A passcode was sent: where, by which channel, and what the check needs. */
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

/** The resend button: initial, sending, sent ('Code sent' for 2 s), waiting. */
export type ResendStatus = 'initial' | 'sending' | 'sent' | 'waiting';

/** One-time passcodes' part of the flow state. */
export interface OtpSlice {
  /** Set once a passcode was sent; cleared by the back arrow. */
  otpState: OtpState | null;
  resendStatus: ResendStatus;
}

export type OtpEvent =
  /** destination: the email or E.164 number to send to; formatted: how the screen shows it. */
  | { type: 'SUBMIT_OTP'; method: OtpMethod; destination: string; formatted: string; typed: string; country?: string }
  | { type: 'AUTHENTICATE_OTP'; code: string }
  | { type: 'RESEND_OTP' }
  /** 'Code sent' has shown for its 2 s: the resend button goes back to normal (waiting). */
  | { type: 'RESEND_SETTLED' }
  | { type: 'OTP_BACK' };

export type OtpResult =
  | { type: 'OTP_SENT'; method: OtpMethod; destination: string; formatted: string; expiresAt: number; response: OtpLoginOrCreateResponse }
  | { type: 'OTP_RESENT'; methodId: string; expiresAt: number }
  | { type: 'RESEND_FAILED' };

declare module '../../flow/types' {
  interface FeatureStates {
    otps: OtpSlice;
  }
  interface FeatureEvents {
    otps: OtpEvent;
  }
  interface FeatureResults {
    otps: OtpResult;
  }
  interface FeatureScreens {
    otps: 'OTPAuthenticate' | 'OTPConfirmation';
  }
  interface SignInMethods {
    otp: true;
  }
  interface MainDrafts {
    /** The passcode form submitted last: the destination as typed, and the phone's country. */
    otps: { method: OtpMethod; typed: string; country?: string };
  }
}

export const initialOtpSlice: OtpSlice = { otpState: null, resendStatus: 'initial' };
