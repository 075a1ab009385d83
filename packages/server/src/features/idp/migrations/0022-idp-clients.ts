import type { Kysely, Migration } from 'kysely';

/**
 * Relying parties registered through the management API (issue 30), beside the configuration
 * file's, which stay in the file. URIs, origins and scopes are JSON arrays; a confidential client's
 * secret is kept only as its hex SHA-256 (secret_hash), as the file's client_secret_sha256.
 *
 * Deleting a client ends its grants (and through them their tokens, idp_tokens_grant_id): the
 * index on idp_grants.client_id finds them.
 */
export const idpClients: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idp_clients')
      .addColumn('client_id', 'text', (col) => col.primaryKey())
      .addColumn('client_name', 'text', (col) => col.notNull())
      .addColumn('client_type', 'text', (col) => col.notNull())
      .addColumn('redirect_uris', 'jsonb', (col) => col.notNull())
      .addColumn('post_logout_redirect_uris', 'jsonb', (col) => col.notNull())
      .addColumn('allowed_origins', 'jsonb', (col) => col.notNull())
      .addColumn('allowed_scopes', 'jsonb', (col) => col.notNull())
      .addColumn('secret_hash', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('idp_grants_client').on('idp_grants').column('client_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('idp_grants_client').ifExists().execute();
    await db.schema.dropTable('idp_clients').ifExists().execute();
  },
};
