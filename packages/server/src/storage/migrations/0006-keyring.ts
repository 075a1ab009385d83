import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Signing keys by use and algorithm (kernel/keyring.ts): one active key per (key_use, alg), so an
 * RS256 id_token key can be active beside the ES256 session key. Existing keys sign sessions.
 */
export const keyring: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('signing_keys')
      .addColumn('key_use', 'text', (col) => col.notNull().defaultTo('session'))
      .execute();
    await sql`drop index signing_keys_one_active`.execute(db);
    await sql`create unique index signing_keys_one_active on signing_keys (key_use, alg) where status = 'active'`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`drop index signing_keys_one_active`.execute(db);
    await sql`create unique index signing_keys_one_active on signing_keys (status) where status = 'active'`.execute(db);
    await db.schema.alterTable('signing_keys').dropColumn('key_use').execute();
  },
};
