import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What operators need: management keys (only their SHA-256 is kept), operators added by command,
 * what operators write on a user (name, trusted and untrusted metadata), and the record of what
 * happened to users (audit_events).
 *
 * Events of changes are written by triggers, like the change feed's announcements (0011): in the
 * same transaction as the change, so an event exists exactly when its change committed (webhooks
 * are delivered from them), and no write path can forget one. Each trigger names its event type and
 * the columns its data takes (never a hash or a secret). A removal whose user is gone is the user's
 * deletion cascading, which user.deleted already says: it records nothing.
 */
export const operators: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('management_keys')
      .addColumn('key_id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('key_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema
      .createTable('operators')
      .addColumn('email', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('name', 'text')
      .addColumn('trusted_metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('untrusted_metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await db.schema
      .createTable('audit_events')
      .addColumn('seq', 'bigserial', (col) => col.primaryKey())
      .addColumn('event_id', 'text', (col) => col.notNull().unique())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text')
      .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
      .addColumn('data', 'jsonb', (col) => col.notNull())
      .addColumn('actor', 'jsonb')
      .execute();
    await db.schema.createIndex('audit_events_user').on('audit_events').columns(['user_id', 'seq']).execute();
    await db.schema.createIndex('audit_events_type').on('audit_events').columns(['type', 'seq']).execute();
    await db.schema.createIndex('audit_events_time').on('audit_events').column('occurred_at').execute();
    // TG_ARGV: the event type, then the columns of the row its data takes.
    await sql`
      create function vestibule_record_change() returns trigger language plpgsql as $$
      declare
        changed jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
        owner text := changed->>'user_id';
        details jsonb := jsonb_build_object('user_id', owner);
        i int;
      begin
        if tg_op = 'DELETE' and tg_table_name <> 'users' and not exists (select 1 from users where user_id = owner) then
          return null;
        end if;
        for i in 1 .. tg_nargs - 1 loop
          details := details || jsonb_build_object(tg_argv[i], changed->tg_argv[i]);
        end loop;
        insert into audit_events (event_id, type, user_id, occurred_at, data)
        values ('event-' || gen_random_uuid(), tg_argv[0], owner, clock_timestamp(), details);
        return null;
      end $$`.execute(db);
    for (const [table, name, when, event, ...columns] of TRIGGERS) {
      const on = { insert: 'insert', update: 'update', delete: 'delete' }[when.split(' ')[0] as 'insert'];
      const condition = when.includes(' ') ? sql`when (${sql.raw(when.slice(when.indexOf(' ') + 1))})` : sql``;
      const args = sql.join([event, ...columns].map((arg) => sql.lit(arg)));
      await sql`create trigger ${sql.id(name)} after ${sql.raw(on)} on ${sql.table(table)} for each row ${condition} execute function vestibule_record_change(${args})`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<any>) {
    for (const [table, name] of TRIGGERS) await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists vestibule_record_change()`.execute(db);
    await db.schema.dropTable('audit_events').ifExists().execute();
    await db.schema.alterTable('users').dropColumn('name').dropColumn('trusted_metadata').dropColumn('untrusted_metadata').execute();
    await db.schema.dropTable('operators').ifExists().execute();
    await db.schema.dropTable('management_keys').ifExists().execute();
  },
};

/** [table, trigger name, 'insert' | 'update <condition>' | 'delete', event type, ...columns of its data]. */
const TRIGGERS: ReadonlyArray<readonly [string, string, string, string, ...string[]]> = [
  ['users', 'users_created_event', 'insert', 'user.created'],
  [
    'users',
    'users_updated_event',
    'update old.name is distinct from new.name or old.trusted_metadata is distinct from new.trusted_metadata or old.untrusted_metadata is distinct from new.untrusted_metadata or old.primary_email_id is distinct from new.primary_email_id or old.primary_phone_id is distinct from new.primary_phone_id',
    'user.updated',
  ],
  ['users', 'users_deleted_event', 'delete', 'user.deleted'],
  ['sessions', 'sessions_created_event', 'insert', 'session.created', 'session_id', 'authentication_factors', 'ip_address', 'user_agent'],
  ['sessions', 'sessions_revoked_event', 'update old.revoked_at is null and new.revoked_at is not null', 'session.revoked', 'session_id'],
  ['user_emails', 'user_emails_added_event', 'insert', 'email.added', 'email_id', 'email'],
  ['user_emails', 'user_emails_verified_event', 'update not old.verified and new.verified', 'email.verified', 'email_id', 'email'],
  ['user_emails', 'user_emails_removed_event', 'delete', 'email.removed', 'email_id', 'email'],
  ['user_phone_numbers', 'user_phone_numbers_added_event', 'insert', 'phone_number.added', 'phone_id', 'phone_number'],
  ['user_phone_numbers', 'user_phone_numbers_verified_event', 'update not old.verified and new.verified', 'phone_number.verified', 'phone_id', 'phone_number'],
  ['user_phone_numbers', 'user_phone_numbers_removed_event', 'delete', 'phone_number.removed', 'phone_id', 'phone_number'],
  ['user_passwords', 'user_passwords_set_event', 'insert', 'password.set', 'password_id'],
  ['user_passwords', 'user_passwords_changed_event', 'update old.hash is distinct from new.hash', 'password.set', 'password_id'],
  ['user_passwords', 'user_passwords_removed_event', 'delete', 'password.removed', 'password_id'],
  ['webauthn_registrations', 'webauthn_registrations_added_event', 'insert', 'passkey.added', 'webauthn_registration_id', 'name'],
  ['webauthn_registrations', 'webauthn_registrations_removed_event', 'delete', 'passkey.removed', 'webauthn_registration_id', 'name'],
  ['oauth_accounts', 'oauth_accounts_linked_event', 'insert', 'oauth_account.linked', 'provider', 'subject', 'email'],
  ['oauth_accounts', 'oauth_accounts_unlinked_event', 'delete', 'oauth_account.unlinked', 'provider', 'subject', 'email'],
  ['crypto_wallets', 'crypto_wallets_linked_event', 'insert', 'crypto_wallet.linked', 'crypto_wallet_id', 'wallet_type', 'address'],
  ['crypto_wallets', 'crypto_wallets_unlinked_event', 'delete', 'crypto_wallet.unlinked', 'crypto_wallet_id', 'wallet_type', 'address'],
  ['totp_keys', 'totp_keys_enabled_event', 'update old.enabled_at is null and new.enabled_at is not null', 'two_step.enabled', 'totp_id'],
  ['totp_keys', 'totp_keys_disabled_event', 'delete old.enabled_at is not null', 'two_step.disabled', 'totp_id'],
];
