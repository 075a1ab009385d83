import type { Feature } from '../../http/feature.js';
import { registerWalletAccountRoutes } from './account-routes.js';
import { cryptoConfig } from './config.js';
import { cryptoWallets as cryptoWalletsMigration } from './migrations/0009-crypto.js';
import { registerCryptoRoutes } from './routes.js';
import { walletsPart } from './user-part.js';
import { unlinkUserWallets, walletWaysIn } from './wallets-store.js';

/** Sign-in with a crypto wallet's signature, and the account page's wallets. */
export const cryptoWallets: Feature = {
  name: 'crypto',
  register(app, deps) {
    registerCryptoRoutes(app, deps);
    registerWalletAccountRoutes(app, deps);
  },
  config: cryptoConfig,
  migrations: { '0009-crypto': cryptoWalletsMigration },
  revokeUser: unlinkUserWallets,
  userPart: walletsPart,
  waysIn: walletWaysIn,
};
