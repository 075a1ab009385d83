import type { Feature } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { otpEffects } from './effects';
import { reduceOtps } from './reducer';
import { OTPConfirmation } from './screens/OTPConfirmation';
import { OtpEmailForm } from './screens/OtpEmailForm';
import { SmsForm, WhatsAppForm } from './screens/PhoneForm';
import { initialOtpSlice } from './state';

export type { OtpEvent, OtpResult, OtpSlice, OtpState, ResendStatus } from './state';

/** The passcode entry loads lazily; the passcode forms fetch it ahead while the user types. */
const OTPAuthenticate = lazyScreen(() => import('./screens/OTPAuthenticate'));

/**
 * One-time passcodes in the login mount: Main's Text, WhatsApp and email passcode forms (slots
 * `sms`, `whatsapp`, `emailOtp`), OTPAuthenticate and OTPConfirmation.
 */
export const otps: Feature = {
  name: 'otps',
  initial: initialOtpSlice,
  reduce: reduceOtps,
  screen: (state) => (state.authenticated === 'otp' ? 'OTPConfirmation' : state.otpState ? 'OTPAuthenticate' : null),
  screens: { OTPAuthenticate, OTPConfirmation },
  effects: otpEffects,
  mainSlots: { sms: SmsForm, whatsapp: WhatsAppForm, emailOtp: OtpEmailForm },
};
