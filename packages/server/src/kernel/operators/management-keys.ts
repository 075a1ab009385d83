import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { sha256Hex } from '../../security/hash.js';
import { newId, randomToken } from '../../security/random-token.js';

/** Every stored key starts so, which tells a key from a session token and makes a leaked one easy to search for. */
export const MANAGEMENT_KEY_PREFIX = 'vsk_';

/** A key as listed: never the key itself, which is shown once and stored only as its SHA-256. */
export interface ManagementKeyInfo {
  key_id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A new key: its id and name, and the key itself, to be shown once. */
export async function createManagementKey(db: Kysely<Database>, name: string, now: Date): Promise<ManagementKeyInfo & { key: string }> {
  const key = `${MANAGEMENT_KEY_PREFIX}${randomToken(32)}`;
  const row = { key_id: newId('management-key'), name, key_hash: sha256Hex(key), created_at: now };
  await db.insertInto('management_keys').values(row).execute();
  return { key_id: row.key_id, name, created_at: now, last_used_at: null, key };
}

/** The keys that work, newest first. */
export function listManagementKeys(db: Kysely<Database>): Promise<ManagementKeyInfo[]> {
  return db
    .selectFrom('management_keys')
    .select(['key_id', 'name', 'created_at', 'last_used_at'])
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('key_id')
    .execute();
}

/** Revokes a key at once for every instance (each call reads the table); false when no working key has this id. */
export async function revokeManagementKey(db: Kysely<Database>, keyId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('management_keys')
    .set({ revoked_at: now })
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How stale last_used_at may get: a key used all the time is written once a minute, not on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** The working key a caller holds, found by its hash (the lookup of a unique column reveals no timing of the key). */
export async function findManagementKey(db: Kysely<Database>, key: string, now: Date): Promise<ManagementKeyInfo | null> {
  const row = await db
    .selectFrom('management_keys')
    .select(['key_id', 'name', 'created_at', 'last_used_at'])
    .where('key_hash', '=', sha256Hex(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_EVERY_MS) {
    await db.updateTable('management_keys').set({ last_used_at: now }).where('key_id', '=', row.key_id).execute();
  }
  return row;
}
