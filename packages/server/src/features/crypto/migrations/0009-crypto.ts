import type { Kysely, Migration } from 'kysely';

/**
 * Crypto wallets: which user each wallet (its type and address) signs in as. A wallet is an
 * identifier like an email address: one user per wallet (address unique per type), any number of
 * wallets per user. Ethereum addresses are stored EIP-55 checksummed, Solana ones base58. The
 * sign-in messages handed out for a wallet live in one_time_secrets (one live per wallet).
 */
export const cryptoWallets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('crypto_wallets')
      .addColumn('crypto_wallet_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('wallet_type', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addUniqueConstraint('crypto_wallets_type_address', ['wallet_type', 'address'])
      .execute();
    await db.schema.createIndex('crypto_wallets_user_id').on('crypto_wallets').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('crypto_wallets').ifExists().execute();
  },
};
