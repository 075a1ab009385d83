import type {
  MagicLinkLoginOrCreateResponse,
  OtpLoginOrCreateResponse,
  PasswordStrengthCheckResponse,
  SessionResponse,
  UserType,
} from '@vestibule/contract';
import type { VestibuleErrorInfo } from '@vestibule/client';
import type { OtpMethod } from '../types';
import type { Banner, ResetEmailReason } from './state';

/** Events the screens send. The effects layer reacts to some of them by calling the client. */
export type UserEvent =
  | { type: 'SUBMIT_MAGIC_LINK'; email: string }
  | { type: 'TRY_AGAIN' }
  | { type: 'SELECT_TAB'; tab: OtpMethod }
  /** destination: the email or E.164 number to send to; formatted: how the screen shows it. */
  | { type: 'SUBMIT_OTP'; method: OtpMethod; destination: string; formatted: string; typed: string; country?: string }
  | { type: 'AUTHENTICATE_OTP'; code: string }
  | { type: 'RESEND_OTP' }
  /** 'Code sent' has shown for its 2 s: the resend button goes back to normal (waiting). */
  | { type: 'RESEND_SETTLED' }
  | { type: 'OTP_BACK' }
  | { type: 'AUTHENTICATE_MAGIC_LINK'; token: string }
  /** A success screen showed. authenticated: fire authenticate-flow-complete; flowComplete (default true): fire flow-complete. */
  | { type: 'SUCCESS_SHOWN'; authenticated: boolean; flowComplete?: boolean }
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
  | { type: 'SHOW_BANNER'; banner: Banner }
  | { type: 'DISMISS_BANNER' };

/** Events the effects layer dispatches with the outcome of a call. */
export type ResultEvent =
  | { type: 'MAGIC_LINK_SENT'; email: string; response: MagicLinkLoginOrCreateResponse }
  | { type: 'OTP_SENT'; method: OtpMethod; destination: string; formatted: string; expiresAt: number; response: OtpLoginOrCreateResponse }
  | { type: 'OTP_RESENT'; methodId: string; expiresAt: number }
  | { type: 'RESEND_FAILED' }
  | { type: 'USER_FOUND'; email: string; userType: UserType }
  | { type: 'STRENGTH_CHECKED'; password: string; response: PasswordStrengthCheckResponse }
  | { type: 'RESET_EMAIL_SENT'; reason: ResetEmailReason }
  | { type: 'AUTHENTICATED'; method: 'magic_link' | 'otp' | 'password'; response: SessionResponse }
  | { type: 'FAILED'; error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner' };

export type FlowEvent = UserEvent | ResultEvent;
