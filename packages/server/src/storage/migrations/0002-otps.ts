import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One-time passcodes: users' phone numbers, the live passcode of each email or phone, wrong-code
 * history and lockouts per user, and the server secret that keys the passcode hashes.
 */
export const otps: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_phone_numbers')
      .addColumn('phone_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('phone_number', 'text', (col) => col.notNull().unique())
      .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('user_phone_numbers_user_id').on('user_phone_numbers').column('user_id').execute();

    // One live passcode per method (email_id or phone_id): a new one replaces the row.
    await db.schema
      .createTable('otp_codes')
      .addColumn('method_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('email', 'sms', 'whatsapp')`))
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('otp_failures')
      .addColumn('id', 'bigint', (col) => col.generatedAlwaysAsIdentity().primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('failed_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('otp_failures_user_id').on('otp_failures').columns(['user_id', 'failed_at']).execute();

    await db.schema
      .createTable('otp_lockouts')
      .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('locked_until', 'timestamptz', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();
    // Made once, inside the migration (which runs under the migration lock), so every instance
    // sharing the database uses the same key.
    await db
      .insertInto('server_secrets')
      .values({ name: 'otp_hmac_key', value: randomBytes(32).toString('base64url') })
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of ['server_secrets', 'otp_lockouts', 'otp_failures', 'otp_codes', 'user_phone_numbers']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
