import { lazyWithLater } from '../../../later/load';
import type { Feature } from '../../../flow/feature';
import { CONFIRM_WITH_APP, HEADING } from './up-front-texts';

/**
 * Two-step verification on the account page: the section that adds an authenticator app (its QR
 * code, its key, its first code), shows the recovery codes once, gets new ones and turns it off;
 * and, once it is on, the app (or a recovery code) as a way to confirm it is you. Shown to
 * everyone: anyone signed in can add it. Its heading and its choice's label are here (the page
 * loads this up front, up-front-texts.ts), its other texts come with the section (texts.ts) and the step.
 */
export const twoStepAccount: Feature = {
  name: 'two-step-account',
  account: {
    id: 'two_step',
    // After every way in (addresses 10 to wallets 60), before the devices (70): what guards the ways in.
    order: 65,
    heading: HEADING,
    section: lazyWithLater(() => import('./TwoStepSection')),
  },
  confirm: {
    // First of the ways: with the app on, the changes that would lift it (turning it off, new
    // recovery codes, a passkey) ask for it, and another way alone would be asked again.
    order: 0,
    choices: (user) => (user.totp ? [{ key: 'app', label: CONFIRM_WITH_APP }] : []),
    step: lazyWithLater(() => import('./AppConfirm')),
  },
};
