import { lazyWithLater } from '../../../later/load';
import type { Feature } from '../../../flow/feature';
import { texts } from './texts';

/**
 * Passkeys on the account page: the 'Passkeys' section (shown with `passkeys` configured, or while
 * the user has one), and a passkey as a way to confirm it is you.
 */
export const passkeysAccount: Feature = {
  name: 'passkeys-account',
  account: {
    id: 'passkeys',
    order: 40,
    heading: texts.heading,
    shown: (config, user) => config.products.includes('passkeys') || user.webauthn_registrations.length > 0,
    section: lazyWithLater(() => import('./PasskeysSection')),
  },
  confirm: {
    order: 10,
    choices: (user) => (user.webauthn_registrations.length ? [{ key: 'passkey', label: texts.usePasskey }] : []),
    step: lazyWithLater(() => import('./PasskeyConfirm')),
  },
};
