import { lazy } from 'react';
import type { Feature } from '../../../flow/feature';

/**
 * Two-step verification on the account page: the section that adds an authenticator app (its QR
 * code, its key, its first code), shows the recovery codes once, gets new ones and turns it off.
 * Shown to everyone: anyone signed in can add it. Its heading is here (the page loads this up
 * front), its other texts come with the section (texts.ts).
 */
export const twoStepAccount: Feature = {
  name: 'two-step-account',
  account: {
    id: 'two_step',
    // After every way in (addresses 10 to wallets 60), before the devices (70): what guards the ways in.
    order: 65,
    heading: 'Two-step verification',
    section: lazy(() => import('./TwoStepSection')),
  },
};
