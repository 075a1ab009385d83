import type { Kysely, Migration } from 'kysely';

/**
 * Passwords: one argon2id hash per user, the needs-reset flag on users, single-use reset tokens
 * (hashes only), and wrong-password history and lockouts per user.
 */
export const passwords: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('password_reset_required', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();

    await db.schema
      .createTable('user_passwords')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('password_id', 'text', (col) => col.notNull().unique())
      .addColumn('hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('password_reset_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('email_id', 'text', (col) => col.notNull().references('user_emails.email_id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('password_reset_tokens_user_id').on('password_reset_tokens').column('user_id').execute();

    await db.schema
      .createTable('password_failures')
      .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('password_failures_user_id').on('password_failures').columns(['user_id', 'failed_at']).execute();

    await db.schema
      .createTable('password_lockouts')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('locked_until', 'timestamptz', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['password_lockouts', 'password_failures', 'password_reset_tokens', 'user_passwords']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('users').dropColumn('password_reset_required').execute();
  },
};
