import { lazyWithLater } from '../../../later/load';
import { primaryEmail } from '../../../account/primary';
import type { Feature } from '../../../flow/feature';
import { texts } from './texts';

/**
 * Passwords on the account page: the 'Password' section (shown with `passwords` configured, or
 * while the user has one), and the password as a way to confirm it is you (with the primary email
 * it signs in with).
 */
export const passwordsAccount: Feature = {
  name: 'passwords-account',
  account: {
    id: 'password',
    order: 30,
    heading: texts.heading,
    shown: (config, user) => config.products.includes('passwords') || user.password !== null,
    section: lazyWithLater(() => import('./PasswordSection')),
  },
  confirm: {
    order: 30,
    choices: (user) => (user.password && primaryEmail(user) ? [{ key: 'password', label: texts.confirmWithPassword }] : []),
    step: lazyWithLater(() => import('./PasswordConfirm')),
  },
};
