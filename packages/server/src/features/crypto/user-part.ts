import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CryptoWallet } from '@vestibule/contract';
import { userPart } from '../../kernel/users.js';
import type { CryptoWalletRow } from './tables.js';

/** A wallet as the API shows it: verified, as a wallet joins a user only by signing. */
export const toCryptoWallet = (row: Pick<CryptoWalletRow, 'crypto_wallet_id' | 'wallet_type' | 'address'>): CryptoWallet => ({
  crypto_wallet_id: row.crypto_wallet_id,
  crypto_wallet_address: row.address,
  crypto_wallet_type: row.wallet_type,
  verified: true,
});

/** The User's wallets, oldest first. */
export const walletsPart = userPart({
  field: 'crypto_wallets',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('crypto_wallets')
        .select(['crypto_wallet_id', 'wallet_type', 'address'])
        .whereRef('crypto_wallets.user_id', '=', 'users.user_id')
        .orderBy('created_at')
        .orderBy('crypto_wallet_id'),
    ),
  read: (rows) => rows.map(toCryptoWallet),
});
