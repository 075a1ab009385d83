import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';

/** The scopes a user has granted a client (remembered consent); empty when none. */
export async function grantedScopes(db: Kysely<Database>, userId: string, clientId: string): Promise<string[]> {
  const row = await db.selectFrom('idp_consents').select('scopes').where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  return row ? row.scopes.split(' ').filter(Boolean) : [];
}

/** Remembers a grant: the scopes granted now join those granted before. */
export async function rememberConsent(db: Kysely<Database>, userId: string, clientId: string, scopes: string[], now: Date): Promise<void> {
  const all = [...new Set([...(await grantedScopes(db, userId, clientId)), ...scopes])].join(' ');
  await db
    .insertInto('idp_consents')
    .values({ user_id: userId, client_id: clientId, scopes: all, granted_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doUpdateSet({ scopes: all, granted_at: now }))
    .execute();
}

/** The clients a user has approved (a remembered consent, from either flow): FedCM's approved_clients. */
export async function consentedClients(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('idp_consents').select('client_id').where('user_id', '=', userId).orderBy('client_id').execute();
  return rows.map((row) => row.client_id);
}

/** Forgets a user's approval of a client (FedCM's disconnect): the next sign-in there asks again. */
export async function forgetConsent(db: Kysely<Database>, userId: string, clientId: string): Promise<void> {
  await db.deleteFrom('idp_consents').where('user_id', '=', userId).where('client_id', '=', clientId).execute();
}
