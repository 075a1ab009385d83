import { sql, type Kysely, type Migration } from 'kysely';

/** The channel every instance listens on (storage/change-feed.ts). */
export const CHANGE_CHANNEL = 'vestibule_changes';

/** The tables a user's answer is built from (kernel/users.ts getUser): a change to any row of them is a change to its user. */
const USER_TABLES = ['users', 'user_emails', 'user_phone_numbers', 'user_passwords', 'webauthn_registrations', 'crypto_wallets'];

/**
 * Announces the changes that make what an instance holds in memory stale: each server keeps the
 * live sessions and users it has read (kernel/sessions/live-sessions.ts) and drops them when the
 * database says they changed. Triggers, not the code that writes, so no write path can forget to
 * announce, on this instance or any other: `s:<session_id>` when a session is revoked, deleted or
 * its expiry or factors change (a plain last_accessed_at touch is not announced), `u:<user_id>`
 * when any row a user's answer is built from changes. pg_notify delivers at commit, to every
 * listener on the database, the writer included.
 */
export const changeFeed: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      create function vestibule_announce_session() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, 's:' || old.session_id);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger sessions_announce_update after update on sessions for each row
      when (old.revoked_at is distinct from new.revoked_at
        or old.expires_at is distinct from new.expires_at
        or old.authentication_factors::text is distinct from new.authentication_factors::text)
      execute function vestibule_announce_session()`.execute(db);
    await sql`create trigger sessions_announce_delete after delete on sessions for each row execute function vestibule_announce_session()`.execute(db);
    await sql`
      create function vestibule_announce_user() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, 'u:' || coalesce(new.user_id, old.user_id));
        if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
          perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, 'u:' || old.user_id);
        end if;
        return null;
      end $$`.execute(db);
    for (const table of USER_TABLES) {
      await sql`create trigger ${sql.id(`${table}_announce`)} after insert or update or delete on ${sql.table(table)} for each row execute function vestibule_announce_user()`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<any>) {
    for (const table of USER_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_announce`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists sessions_announce_update on sessions`.execute(db);
    await sql`drop trigger if exists sessions_announce_delete on sessions`.execute(db);
    await sql`drop function if exists vestibule_announce_user()`.execute(db);
    await sql`drop function if exists vestibule_announce_session()`.execute(db);
  },
};
