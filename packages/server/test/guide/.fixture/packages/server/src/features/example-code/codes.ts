import type { Kysely } from 'kysely';
import { KEEP_ENDED_MS, type PruneBatch } from '../../kernel/pruning.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import { sha256Hex } from '../../security/hash.js';
import { randomToken } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';

/** Makes a code for the user: 32 random bytes, of which only the hash is stored. */
export async function createExampleCode(db: Kysely<Database>, userId: string, lifetimeMinutes: number, now: Date): Promise<string> {
  const code = randomToken();
  const expiresAt = new Date(now.getTime() + lifetimeMinutes * 60_000);
  await db
    .insertInto('example_codes')
    .values({ code_hash: sha256Hex(code), user_id: userId, created_at: now, expires_at: expiresAt })
    .execute();
  return code;
}

/** The user a code signs in as, while it works; looked up by its hash. */
export async function exampleCodeUser(db: Kysely<Database>, code: string, now: Date): Promise<string | undefined> {
  const row = await db.selectFrom('example_codes').select('user_id').where('code_hash', '=', sha256Hex(code)).where('expires_at', '>', now).executeTakeFirst();
  return row?.user_id;
}

/** A code is a lasting way in: it ends with every other (Feature.revokeUser). */
export const removeUserExampleCodes: UserRevoker = async (db, userId) => {
  await db.deleteFrom('example_codes').where('user_id', '=', userId).execute();
};

/** Deletes a batch of codes that stopped working a while ago (Feature.prune). */
export const pruneExampleCodes: PruneBatch = async (db, now, limit) => {
  const ended = db
    .selectFrom('example_codes')
    .select('code_hash')
    .where('expires_at', '<', new Date(now.getTime() - KEEP_ENDED_MS))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('example_codes').where('code_hash', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
};
