import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One table for every one-time secret (kernel/one-time-secrets.ts): magic-link tokens, reset
 * tokens and passcodes move in, and the secrets of later methods (WebAuthn challenges, OAuth
 * state, wallet nonces, authorization codes) live there too. Live rows are carried over.
 */
export const oneTimeSecrets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('one_time_secrets')
      .addColumn('secret_id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('subject', 'text')
      .addColumn('secret_hash', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.references('users.user_id').onDelete('cascade'))
      .addColumn('bound', 'jsonb', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('one_time_secrets_hash').on('one_time_secrets').columns(['secret_hash', 'purpose']).execute();
    await db.schema.createIndex('one_time_secrets_user').on('one_time_secrets').columns(['user_id', 'purpose']).execute();
    // One live code per subject (the email or phone a passcode went to): a new one replaces it.
    await sql`create unique index one_time_secrets_subject on one_time_secrets (purpose, subject) where subject is not null`.execute(db);

    await sql`insert into one_time_secrets (purpose, secret_hash, user_id, bound, created_at, expires_at, used_at)
      select 'magic_link', token_hash, user_id, jsonb_build_object('email_id', email_id, 'kind', kind), created_at, expires_at, used_at
      from magic_link_tokens`.execute(db);
    await sql`insert into one_time_secrets (purpose, secret_hash, user_id, bound, created_at, expires_at, used_at)
      select 'password_reset', token_hash, user_id, jsonb_build_object('email_id', email_id), created_at, expires_at, used_at
      from password_reset_tokens`.execute(db);
    await sql`insert into one_time_secrets (purpose, subject, secret_hash, user_id, bound, attempts, max_attempts, created_at, expires_at, used_at)
      select 'passcode', method_id, code_hash, user_id, jsonb_build_object('channel', channel), attempts, 5, created_at, expires_at, used_at
      from otp_codes`.execute(db);
    for (const table of ['magic_link_tokens', 'password_reset_tokens', 'otp_codes']) await db.schema.dropTable(table).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('one_time_secrets').ifExists().execute();
  },
};
