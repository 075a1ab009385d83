import { lazyWithLater } from '../../../later/load';
import type { Feature } from '../../../flow/feature';
import { passcodeChoices } from './choices';
import { texts } from './texts';

/**
 * Passcodes on the account page: the 'Phone numbers' section (shown with a Text or WhatsApp method
 * configured, or while the user has a number), and a passcode to a verified address or number as a
 * way to confirm it is you.
 */
export const otpsAccount: Feature = {
  name: 'otps-account',
  account: {
    id: 'phone_numbers',
    order: 20,
    heading: texts.heading,
    shown: (config, user) =>
      (config.products.includes('otp') && (config.otpOptions?.methods ?? []).some((method) => method !== 'email')) || user.phone_numbers.length > 0,
    section: lazyWithLater(() => import('./PhoneNumbersSection')),
  },
  confirm: { order: 20, choices: passcodeChoices, step: lazyWithLater(() => import('./PasscodeConfirm')) },
};
