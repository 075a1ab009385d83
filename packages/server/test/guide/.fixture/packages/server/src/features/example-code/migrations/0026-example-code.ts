import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sign-in codes: the hash of each code, the user it signs in as, and when it stops working. The
 * User lists them, so a change is announced (migration 0011's trigger function).
 */
export const exampleCode: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('example_codes')
      .addColumn('code_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('example_codes_user_id').on('example_codes').column('user_id').execute();
    await sql`create trigger example_codes_announce after insert or update or delete on example_codes
      for each row execute function vestibule_announce_user()`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('example_codes').ifExists().execute();
  },
};
