import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { KEEP_ENDED_MS, type PruneBatch } from '../../kernel/pruning.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import type { Database } from '../../storage/database.js';

/**
 * Grants: a user's approval of a client (migration 0012), made with the authorization code. Tokens
 * are stored only while their grant row is locked live (lockLiveGrant), and every revocation
 * updates the grant row before the tokens: so a revocation either waits for tokens being stored
 * and then revokes them too, or commits first and no token is stored from the grant again.
 */
export async function createGrant(db: Kysely<Database>, userId: string, clientId: string, now: Date): Promise<string> {
  const grantId = randomUUID();
  await db.insertInto('idp_grants').values({ grant_id: grantId, user_id: userId, client_id: clientId, created_at: now }).execute();
  return grantId;
}

/** In a transaction: holds the grant (FOR SHARE, so parallel refreshes do not wait for each other) until it commits; false when the grant is revoked or unknown. */
export async function lockLiveGrant(trx: Kysely<Database>, grantId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('idp_grants')
    .select('grant_id')
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a grant and every token issued from it (a reused refresh token, a revoked one). */
export async function revokeGrant(db: Kysely<Database>, grantId: string, now: Date): Promise<void> {
  await db.updateTable('idp_grants').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
  await db.updateTable('idp_tokens').set({ revoked_at: now }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).execute();
}

/**
 * Every way in the identity provider gave a user (Feature.revokeUser, run when every way in is
 * ended): every grant and token, and the remembered consents, so an app someone else approved
 * asks the owner before it is given anything again.
 */
export const revokeUserGrants: UserRevoker = async (db, userId, now) => {
  await db.updateTable('idp_grants').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db.updateTable('idp_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db.deleteFrom('idp_consents').where('user_id', '=', userId).execute();
};

/**
 * One batch (kernel/pruning.ts) of grants nothing can use any more: made more than a day ago and
 * with no token left (pruneIdpTokens removed its ended ones; a grant whose code was never
 * exchanged has none). A live grant always keeps its live refresh token.
 */
export const pruneIdpGrants: PruneBatch = async (db, now, limit) => {
  const ended = db
    .selectFrom('idp_grants')
    .select('grant_id')
    .where('created_at', '<', new Date(now.getTime() - KEEP_ENDED_MS))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('idp_tokens').select('token_hash').whereRef('idp_tokens.grant_id', '=', 'idp_grants.grant_id'))),
    )
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('idp_grants').where('grant_id', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
};
