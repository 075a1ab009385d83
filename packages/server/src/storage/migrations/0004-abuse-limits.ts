import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Closing the abuse holes (issue 9):
 * - failure_counters replaces the per-user failure and lockout tables: counts per scope (an
 *   account's password, a user's passcodes) and client address, reserved before a secret is checked;
 * - the passcode HMAC key is no longer kept beside the hashes it keys: it is derived from the server
 *   secret (VESTIBULE_SECRET), so the stored one is deleted (passcodes still live die with it);
 * - signing keys get an encrypted private part (private_jwe); the server seals existing plain ones
 *   at start, since a migration has no secret;
 * - a password remembers whether it was set by someone who had proven the account's email, so that
 *   a password planted on an unproven email can be removed when the owner proves it.
 */
export const abuseLimits: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('failure_counters')
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('window_start', 'timestamptz', (col) => col.notNull())
      .addColumn('locked_until', 'timestamptz')
      .addPrimaryKeyConstraint('failure_counters_pk', ['scope', 'client'])
      .execute();
    for (const table of ['otp_failures', 'otp_lockouts', 'password_failures', 'password_lockouts']) {
      await db.schema.dropTable(table).ifExists().execute();
    }

    await db.deleteFrom('server_secrets').where('name', '=', 'otp_hmac_key').execute();
    await db.deleteFrom('otp_codes').execute();

    await db.schema.alterTable('signing_keys').addColumn('private_jwe', 'text').execute();
    await db.schema
      .alterTable('signing_keys')
      .alterColumn('private_jwk', (col) => col.dropNotNull())
      .execute();

    await db.schema
      .alterTable('user_passwords')
      .addColumn('set_with_proof', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
    // Passwords of users with no proven email were set without proof.
    await sql`update user_passwords p set set_with_proof = false
      where not exists (select 1 from user_emails e where e.user_id = p.user_id and e.verified)`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('user_passwords').dropColumn('set_with_proof').execute();
    await db.schema.alterTable('signing_keys').dropColumn('private_jwe').execute();
    await db.schema.dropTable('failure_counters').ifExists().execute();
  },
};
