import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The identity provider's grants (issue 38): a user's approval of a client, made with the
 * authorization code and named by every token issued from it. A grant is what a revocation ends
 * (a refresh token reused, RFC 7009, a password reset or any sign-out everywhere), and a grant row
 * is what issuing tokens locks and checks live, so that a revocation and a refresh or code exchange
 * under way cannot miss each other (features/idp/grants-store.ts).
 *
 * Grants of tokens issued before this migration are made from those tokens (revoked when every
 * token of the grant is). Codes issued before it and not yet exchanged name no grant and are
 * refused (invalid_grant); they live five minutes.
 */
export const idpGrants: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('idp_grants')
      .addColumn('grant_id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('idp_grants_user').on('idp_grants').column('user_id').execute();
    // A user's tokens are revoked by user (kernel/sessions/revoke-everywhere.ts).
    await db.schema.createIndex('idp_tokens_user').on('idp_tokens').column('user_id').execute();
    await sql`insert into idp_grants (grant_id, user_id, client_id, created_at, revoked_at)
      select grant_id, min(user_id), min(client_id), min(created_at), case when bool_and(revoked_at is not null) then max(revoked_at) end
      from idp_tokens group by grant_id`.execute(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('idp_tokens_user').ifExists().execute();
    await db.schema.dropTable('idp_grants').ifExists().execute();
  },
};
