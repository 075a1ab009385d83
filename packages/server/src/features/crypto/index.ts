import type { Feature } from '../../http/feature.js';
import { cryptoConfig } from './config.js';
import { cryptoWallets as cryptoWalletsMigration } from './migrations/0009-crypto.js';
import { registerCryptoRoutes } from './routes.js';
import { walletsPart } from './user-part.js';
import { unlinkUserWallets } from './wallets-store.js';

export const cryptoWallets: Feature = {
  name: 'crypto',
  register: registerCryptoRoutes,
  config: cryptoConfig,
  migrations: { '0009-crypto': cryptoWalletsMigration },
  revokeUser: unlinkUserWallets,
  userPart: walletsPart,
};
