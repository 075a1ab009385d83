import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The account page (issue 28), where a signed-in person manages their own ways in:
 * - users.primary_email_id and primary_phone_id: the address and number the person chose as
 *   primary (kernel/users.ts getUser and the otps feature's part read them; one no longer the
 *   user's counts as none, so a removal needs no second write);
 * - sessions.user_agent and ip_address: the client a session signed in from, listed as the
 *   user's signed-in devices;
 * - oauth_accounts.email: the address the provider gave at the last sign-in, which the User now
 *   lists with each connected account; its table announces its changes as the User's other tables
 *   do (migration 0011-change-feed), or instances would keep serving the user as it was.
 */
export const account: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('primary_email_id', 'text').addColumn('primary_phone_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').addColumn('ip_address', 'text').execute();
    await db.schema.alterTable('oauth_accounts').addColumn('email', 'text').execute();
    await sql`create trigger oauth_accounts_announce after insert or update or delete on oauth_accounts for each row execute function vestibule_announce_user()`.execute(
      db,
    );
  },
  async down(db: Kysely<any>) {
    await sql`drop trigger if exists oauth_accounts_announce on oauth_accounts`.execute(db);
    await db.schema.alterTable('oauth_accounts').dropColumn('email').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').dropColumn('ip_address').execute();
    await db.schema.alterTable('users').dropColumn('primary_email_id').dropColumn('primary_phone_id').execute();
  },
};
