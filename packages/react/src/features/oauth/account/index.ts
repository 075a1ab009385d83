import { lazyWithLater } from '../../../later/load';
import type { Feature } from '../../../flow/feature';
import { texts } from './texts';

/** Social sign-in on the account page: 'Connected accounts' (shown with `oauth` configured, or while the user has one). */
export const oauthAccount: Feature = {
  name: 'oauth-account',
  account: {
    id: 'oauth_accounts',
    order: 50,
    heading: texts.heading,
    shown: (config, user) => config.products.includes('oauth') || user.oauth_accounts.length > 0,
    section: lazyWithLater(() => import('./ConnectedAccountsSection')),
  },
};
