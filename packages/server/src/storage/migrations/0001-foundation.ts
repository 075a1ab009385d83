import { sql, type Kysely, type Migration } from 'kysely';

/** Users, emails, sessions, magic-link tokens, signing keys, rate limits, events, outbox. */
export const foundation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('users')
      .addColumn('user_id', 'text', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'pending')`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('user_emails')
      .addColumn('email_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('user_emails_user_id').on('user_emails').column('user_id').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('session_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('started_at', 'timestamptz', (col) => col.notNull())
      .addColumn('last_accessed_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('authentication_factors', 'jsonb', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('magic_link_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('email_id', 'text', (col) => col.notNull().references('user_emails.email_id').onDelete('cascade'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('login', 'signup')`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (col) => col.primaryKey())
      .addColumn('alg', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'previous', 'retired')`))
      .addColumn('public_jwk', 'jsonb', (col) => col.notNull())
      .addColumn('private_jwk', 'jsonb', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('retired_at', 'timestamptz')
      .execute();
    // At most one key signs at a time, even with several instances starting together.
    await sql`create unique index signing_keys_one_active on signing_keys (status) where status = 'active'`.execute(db);

    await db.schema
      .createTable('rate_limit_buckets')
      .addColumn('bucket_key', 'text', (col) => col.notNull())
      .addColumn('window_start', 'timestamptz', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('rate_limit_buckets_pk', ['bucket_key', 'window_start'])
      .execute();

    await db.schema
      .createTable('events')
      .addColumn('event_id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
      .addColumn('details', 'jsonb', (col) => col.notNull())
      .addColumn('received_at', 'timestamptz', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('outbox_messages')
      .addColumn('seq', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('id', 'text', (col) => col.notNull().unique())
      .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'sms', 'whatsapp')`))
      .addColumn('recipient', 'text', (col) => col.notNull())
      .addColumn('subject', 'text')
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('html', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('outbox_messages_recipient').on('outbox_messages').column('recipient').execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['outbox_messages', 'events', 'rate_limit_buckets', 'signing_keys', 'magic_link_tokens', 'sessions', 'user_emails', 'users']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
