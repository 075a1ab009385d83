import { lazyWithLater } from '../../../later/load';
import type { Feature } from '../../../flow/feature';
import { texts } from './texts';

/** Wallets on the account page: 'Wallets' (shown with `crypto` configured, or while the user has one linked). */
export const walletsAccount: Feature = {
  name: 'wallets-account',
  account: {
    id: 'crypto_wallets',
    order: 60,
    heading: texts.heading,
    shown: (config, user) => config.products.includes('crypto') || user.crypto_wallets.length > 0,
    section: lazyWithLater(() => import('./WalletsSection')),
  },
};
