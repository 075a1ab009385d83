import type { Kysely, Migration } from 'kysely';

/**
 * The identity provider (issue 15): consent remembered per user and client, and the tokens issued
 * to relying parties. Authorization codes live in one_time_secrets (purpose 'idp_code').
 * - idp_consents: the scopes a user granted a client (space-separated); prompt=consent asks again.
 * - idp_tokens: access and refresh tokens, only as SHA-256 hashes. grant_id ties together every
 *   token of one authorization (the code's exchange and its refresh rotations): a replayed code or
 *   a reused refresh token revokes the whole grant. code_hash names the code the grant came from.
 */
export const idp: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idp_consents')
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('granted_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('idp_consents_pk', ['user_id', 'client_id'])
      .execute();
    await db.schema
      .createTable('idp_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('grant_id', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('auth_time', 'timestamptz', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('idp_tokens_grant_id').on('idp_tokens').column('grant_id').execute();
    await db.schema.createIndex('idp_tokens_code_hash').on('idp_tokens').column('code_hash').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('idp_tokens').ifExists().execute();
    await db.schema.dropTable('idp_consents').ifExists().execute();
  },
};
