import type { Feature, MainTab } from '../../flow/feature';
import { lazyScreen } from '../../parts/lazyScreen';
import { OtpEmailForm } from './screens/OtpEmailForm';
import { loadPhoneForm, SmsForm, WhatsAppForm } from './screens/PhoneTab';
import { initialOtpSlice } from './state';
import type { OtpMethod } from '../../types';

export type { OtpEvent, OtpResult, OtpSlice, OtpState, ResendStatus } from './state';
export { otpsAccount } from './account';

/** The passcode entry loads lazily; the passcode forms fetch it ahead while the user types. */
const OTPAuthenticate = lazyScreen(() => import('./screens/OTPAuthenticate'));
const OTPConfirmation = lazyScreen(() => import('./screens/OTPConfirmation'));

/** Main's tab of each passcode method. */
const TABS = {
  sms: { id: 'sms', label: 'tabText', form: SmsForm, load: loadPhoneForm },
  whatsapp: { id: 'whatsapp', label: 'tabWhatsApp', form: WhatsAppForm, load: loadPhoneForm },
  email: { id: 'email', label: 'tabEmail', form: OtpEmailForm },
} as const satisfies Record<OtpMethod, MainTab>;

/**
 * One-time passcodes in the login mount: Main's tabs, one per otpOptions.methods entry in that order
 * (Text, WhatsApp, and Email, which a magic-link or password form draws when those are configured
 * too), OTPAuthenticate and OTPConfirmation.
 */
export const otps: Feature = {
  name: 'otps',
  initial: initialOtpSlice,
  loadReduce: () => import('./reducer'),
  screen: (state) => (state.authenticated === 'otp' ? 'OTPConfirmation' : state.otpState ? 'OTPAuthenticate' : null),
  screens: { OTPAuthenticate, OTPConfirmation },
  effects: () => import('./effects').then((m) => m.otpEffects),
  main: {
    product: 'otp',
    tabs: (config) => (config.otpOptions?.methods ?? []).map((method) => TABS[method]),
    // Magic links would draw the Email tab the passcode was configured for.
    error: (config) => (config.products.includes('emailMagicLinks') && config.otpOptions?.methods?.includes('email') ? 'emlAndEmailOtp' : null),
  },
};
