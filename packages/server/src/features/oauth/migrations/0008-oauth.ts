import type { Kysely, Migration } from 'kysely';

/**
 * Social sign-in: which user each provider account signs in as, found by the provider's subject
 * (never by email once linked: an address can change hands, a subject cannot). One user may have
 * accounts at several providers. The flow's state and one-time tokens live in one_time_secrets.
 */
export const oauth: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('oauth_accounts')
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('oauth_accounts_pkey', ['provider', 'subject'])
      .execute();
    await db.schema.createIndex('oauth_accounts_user_id').on('oauth_accounts').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('oauth_accounts').ifExists().execute();
  },
};
