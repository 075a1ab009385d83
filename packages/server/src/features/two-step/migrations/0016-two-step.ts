import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Two-step verification: a user's authenticator-app key (one per user, encrypted) and their
 * recovery codes (hashed). Both go with the user, and both are in the User (its totp part), so
 * their tables announce their changes as the User's other tables do (migration 0011-change-feed).
 * The intermediate sessions between the two steps live in one_time_secrets.
 */
const TABLES = ['totp_keys', 'recovery_codes'];

export const twoStep: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('totp_keys')
      .addColumn('totp_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().unique().references('users.user_id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('enabled_at', 'timestamptz')
      .addColumn('last_used_step', 'bigint')
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('recovery_code_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('recovery_codes_user_id').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
    for (const table of TABLES) {
      await sql`create trigger ${sql.id(`${table}_announce`)} after insert or update or delete on ${sql.table(table)} for each row execute function vestibule_announce_user()`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<any>) {
    for (const table of TABLES) await sql`drop trigger if exists ${sql.id(`${table}_announce`)} on ${sql.table(table)}`.execute(db);
    await db.schema.dropTable('recovery_codes').ifExists().execute();
    await db.schema.dropTable('totp_keys').ifExists().execute();
  },
};
