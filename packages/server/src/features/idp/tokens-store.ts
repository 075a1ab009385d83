import type { Kysely } from 'kysely';
import { sha256Hex } from '../../security/hash.js';
import { randomToken } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';
import type { IdpTokenRow } from './tables.js';
import { KEEP_ENDED_MS, type PruneBatch } from '../../kernel/pruning.js';
import { lockLiveGrant, revokeGrant } from './grants-store.js';

/** Lifetimes (minutes) of the tokens the identity provider issues (codes: codes-store.ts). */
export const ACCESS_TOKEN_MINUTES = 10;
export const ID_TOKEN_MINUTES = 10;
export const REFRESH_TOKEN_MINUTES = 30 * 24 * 60;

export interface GrantFacts {
  grantId: string;
  codeHash: string;
  clientId: string;
  userId: string;
  scopes: string[];
  authTime: Date;
}

/** A grant's new tokens, made before they are stored (the id_token names the access token). */
export interface NewTokens {
  access: string;
  refresh: string | null;
}

export const newTokens = (offline: boolean): NewTokens => ({ access: randomToken(), refresh: offline ? randomToken() : null });

/** Why tokens were not stored: the grant is revoked, or `spend` found its token spent already. */
export type StoreOutcome = 'stored' | 'revoked' | 'spent';

/**
 * Stores a grant's new tokens (their hashes) in one transaction that first locks the grant live
 * (grants-store.ts: a revocation under way is waited for, one that comes later waits for these
 * and revokes them). `spend` runs under the same lock before anything is stored (a refresh spends
 * its token there): false stores nothing.
 */
export async function storeGrantTokens(
  db: Kysely<Database>,
  grant: GrantFacts,
  tokens: NewTokens,
  now: Date,
  spend?: (trx: Kysely<Database>) => Promise<boolean>,
  /** The access token's scopes when a refresh narrowed them; the refresh token keeps the grant's. */
  accessScopes: string[] = grant.scopes,
): Promise<StoreOutcome> {
  return db.transaction().execute(async (trx) => {
    // The user's row before the grant's, in the order a reset takes them (it locks the user, then
    // revokes the grants): the tokens' insert would otherwise wait for the user's row (its foreign
    // key) while holding the grant the reset waits for, and one of the two would die in a deadlock.
    await trx.selectFrom('users').select('user_id').where('user_id', '=', grant.userId).forKeyShare().executeTakeFirst();
    if (!(await lockLiveGrant(trx, grant.grantId))) return 'revoked';
    if (spend && !(await spend(trx))) return 'spent';
    const row = (kind: 'access' | 'refresh', token: string) => ({
      token_hash: sha256Hex(token),
      kind,
      grant_id: grant.grantId,
      code_hash: grant.codeHash,
      client_id: grant.clientId,
      user_id: grant.userId,
      scopes: (kind === 'access' ? accessScopes : grant.scopes).join(' '),
      auth_time: grant.authTime,
      created_at: now,
      expires_at: new Date(now.getTime() + (kind === 'access' ? ACCESS_TOKEN_MINUTES : REFRESH_TOKEN_MINUTES) * 60_000),
    });
    await trx
      .insertInto('idp_tokens')
      .values([row('access', tokens.access), ...(tokens.refresh ? [row('refresh', tokens.refresh)] : [])])
      .execute();
    return 'stored';
  });
}

export const factsOf = (row: IdpTokenRow): GrantFacts => ({
  grantId: row.grant_id,
  codeHash: row.code_hash,
  clientId: row.client_id,
  userId: row.user_id,
  scopes: row.scopes.split(' ').filter(Boolean),
  authTime: row.auth_time,
});

/** A live (unexpired, unrevoked, and for refresh tokens unused) token of the kind. */
export async function liveToken(db: Kysely<Database>, kind: 'access' | 'refresh', token: string, now: Date): Promise<IdpTokenRow | undefined> {
  return db
    .selectFrom('idp_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a live refresh token of the client once (one conditional UPDATE: of parallel uses exactly one wins); storeGrantTokens runs it. */
export async function spendRefreshToken(db: Kysely<Database>, token: string, clientId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('idp_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256Hex(token))
    .where('kind', '=', 'refresh')
    .where('client_id', '=', clientId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/** A refresh token of the client that was already spent is reuse: its whole grant is revoked, the tokens it rotated into included. True when so. */
export async function revokeIfReused(db: Kysely<Database>, token: string, clientId: string, now: Date): Promise<boolean> {
  const known = await db
    .selectFrom('idp_tokens')
    .select(['grant_id', 'used_at', 'client_id'])
    .where('token_hash', '=', sha256Hex(token))
    .where('kind', '=', 'refresh')
    .executeTakeFirst();
  if (!known?.used_at || known.client_id !== clientId) return false;
  await revokeGrant(db, known.grant_id, now);
  return true;
}

/** A replayed authorization code: revoke every token issued from it. */
export async function revokeByCode(db: Kysely<Database>, codeHash: string, now: Date): Promise<void> {
  await db.updateTable('idp_tokens').set({ revoked_at: now }).where('code_hash', '=', codeHash).where('revoked_at', 'is', null).execute();
}

/** RFC 7009: finds the token (any kind) of the client; a refresh token revokes its grant, an access token itself. */
export async function revokeToken(db: Kysely<Database>, token: string, clientId: string, now: Date): Promise<void> {
  const row = await db.selectFrom('idp_tokens').select(['grant_id', 'kind', 'client_id']).where('token_hash', '=', sha256Hex(token)).executeTakeFirst();
  if (!row || row.client_id !== clientId) return;
  if (row.kind === 'refresh') await revokeGrant(db, row.grant_id, now);
  else await db.updateTable('idp_tokens').set({ revoked_at: now }).where('token_hash', '=', sha256Hex(token)).execute();
}

/**
 * One batch (kernel/pruning.ts) of tokens that expired or were revoked more than a day before
 * `now`: refused already, kept a day so a reused refresh token is still recognised (and its grant
 * revoked) while it could have been live.
 */
export const pruneIdpTokens: PruneBatch = async (db, now, limit) => {
  const before = new Date(now.getTime() - KEEP_ENDED_MS);
  const ended = db
    .selectFrom('idp_tokens')
    .select('token_hash')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('idp_tokens').where('token_hash', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
};
