import type { Kysely, Migration } from 'kysely';

/**
 * Passkeys: one row per WebAuthn credential a user registered. A credential is registered once
 * (credential_id is unique across users). Counters are unsigned 32-bit, hence bigint. The
 * ceremonies' challenges live in one_time_secrets.
 */
export const passkeys: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('webauthn_registrations')
      .addColumn('webauthn_registration_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (col) => col.notNull().unique())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('counter', 'bigint', (col) => col.notNull())
      .addColumn('transports', 'jsonb', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('last_used_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('webauthn_registrations_user_id').on('webauthn_registrations').column('user_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('webauthn_registrations').ifExists().execute();
  },
};
