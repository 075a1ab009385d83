import { sql, type Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import type { IdpClientConfig } from './config.js';
import type { IdpClientRow } from './tables.js';

/** A client registered through the management API: what the provider uses, and when it was made and changed. */
export interface StoredClient extends IdpClientConfig {
  created_at: Date;
  updated_at: Date;
}

/** What a client is made with, or changed to (the fields given). */
export type ClientFields = Pick<IdpClientConfig, 'client_name' | 'redirect_uris' | 'post_logout_redirect_uris' | 'allowed_scopes' | 'allowedOrigins'>;

const storedClient = (row: IdpClientRow): StoredClient => ({
  client_id: row.client_id,
  client_name: row.client_name,
  client_type: row.client_type,
  redirect_uris: row.redirect_uris,
  post_logout_redirect_uris: row.post_logout_redirect_uris,
  allowed_scopes: row.allowed_scopes,
  allowedOrigins: row.allowed_origins,
  secretHash: row.secret_hash,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The columns of the fields given (JSON arrays as text, as the driver writes jsonb). */
function columns(fields: Partial<ClientFields>) {
  return {
    ...(fields.client_name !== undefined ? { client_name: fields.client_name } : {}),
    ...(fields.redirect_uris ? { redirect_uris: JSON.stringify(fields.redirect_uris) } : {}),
    ...(fields.post_logout_redirect_uris ? { post_logout_redirect_uris: JSON.stringify(fields.post_logout_redirect_uris) } : {}),
    ...(fields.allowed_scopes ? { allowed_scopes: JSON.stringify(fields.allowed_scopes) } : {}),
    ...(fields.allowedOrigins ? { allowed_origins: JSON.stringify(fields.allowedOrigins) } : {}),
  };
}

/** Stores a new client; undefined when its client_id is taken (one insert, so of two parallel creations one wins). */
export async function insertClient(
  db: Kysely<Database>,
  client: ClientFields & Pick<IdpClientConfig, 'client_id' | 'client_type' | 'secretHash'>,
  now: Date,
): Promise<StoredClient | undefined> {
  const row = await db
    .insertInto('idp_clients')
    .values({
      client_id: client.client_id,
      client_type: client.client_type,
      secret_hash: client.secretHash,
      client_name: client.client_name,
      redirect_uris: JSON.stringify(client.redirect_uris),
      post_logout_redirect_uris: JSON.stringify(client.post_logout_redirect_uris),
      allowed_scopes: JSON.stringify(client.allowed_scopes),
      allowed_origins: JSON.stringify(client.allowedOrigins),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && storedClient(row);
}

/** The stored client of this id, read from the database each time: a change or deletion holds at once on every instance. */
export async function readClient(db: Kysely<Database>, clientId: string): Promise<StoredClient | undefined> {
  const row = await db.selectFrom('idp_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  return row && storedClient(row);
}

/** Every stored client, oldest first. */
export async function listClients(db: Kysely<Database>): Promise<StoredClient[]> {
  const rows = await db.selectFrom('idp_clients').selectAll().orderBy('created_at').orderBy('client_id').execute();
  return rows.map(storedClient);
}

/** Whether a stored client lists this browser origin (the relying parties' CORS). */
export async function someStoredClientListsOrigin(db: Kysely<Database>, origin: string): Promise<boolean> {
  const row = await db
    .selectFrom('idp_clients')
    .select('client_id')
    .where(sql<boolean>`allowed_origins @> ${JSON.stringify([origin])}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes the fields given and, with `secretHash`, the secret; undefined when no such client is stored. */
export async function updateClient(
  db: Kysely<Database>,
  clientId: string,
  fields: Partial<ClientFields> & { secretHash?: string },
  now: Date,
): Promise<StoredClient | undefined> {
  const row = await db
    .updateTable('idp_clients')
    .set({ ...columns(fields), ...(fields.secretHash ? { secret_hash: fields.secretHash } : {}), updated_at: now })
    .where('client_id', '=', clientId)
    .returningAll()
    .executeTakeFirst();
  return row && storedClient(row);
}

/**
 * Deletes a stored client and ends what it was given; run it in a transaction (the caller's, with
 * the change's record), so all of it holds or none. Its grants first, then their tokens
 * (grants-store.ts: tokens being stored from a grant hold it, so they are waited for and revoked
 * too; later ones find it revoked), and the consents users gave it, so a client made again with
 * this id asks before it is given anything. False when no such client is stored.
 */
export async function deleteClient(trx: Kysely<Database>, clientId: string, now: Date): Promise<boolean> {
  const deleted = await trx.deleteFrom('idp_clients').where('client_id', '=', clientId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) return false;
  await trx.updateTable('idp_grants').set({ revoked_at: now }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  await trx
    .updateTable('idp_tokens')
    .set({ revoked_at: now })
    .where('grant_id', 'in', trx.selectFrom('idp_grants').select('grant_id').where('client_id', '=', clientId))
    .where('revoked_at', 'is', null)
    .execute();
  await trx.deleteFrom('idp_consents').where('client_id', '=', clientId).execute();
  return true;
}
