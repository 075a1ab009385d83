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
