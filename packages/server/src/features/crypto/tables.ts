import type { Selectable } from 'kysely';
import type { Timestamp } from '../../storage/database.js';

/** A crypto wallet (type and address) and the user it signs in as (migration 0009-crypto). */
export interface CryptoWalletsTable {
  crypto_wallet_id: string;
  user_id: string;
  wallet_type: 'ethereum' | 'solana';
  /** Ethereum: EIP-55 checksummed; Solana: base58. Unique per wallet_type. */
  address: string;
  created_at: Timestamp;
}

export type CryptoWalletRow = Selectable<CryptoWalletsTable>;

declare module '../../storage/database.js' {
  interface Database {
    crypto_wallets: CryptoWalletsTable;
  }
}
