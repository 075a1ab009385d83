import { sql, type Kysely } from 'kysely';
import { newId } from '../../security/random-token.js';
import { openSecret, sealSecret } from '../../security/secret-box.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import type { Database } from '../../storage/database.js';
import type { TotpKeyRow } from './tables.js';

/** The sealed text's purpose: an authenticator-app key, bound to its user. */
const sealPurpose = (userId: string) => `totp:${userId}`;

/** How long a key shown and not yet turned on may be turned on: time enough to find the phone. */
export const PENDING_KEY_MINUTES = 30;

/**
 * A new key for the user, not yet on, replacing one not yet on; undefined when the user has one
 * on (one conditional upsert, so a key already on is never replaced).
 */
export async function createPendingKey(
  db: Kysely<Database>,
  secretBoxKey: Uint8Array,
  userId: string,
  secret: string,
  now: Date,
): Promise<TotpKeyRow | undefined> {
  const values = {
    totp_id: newId('totp'),
    secret_sealed: await sealSecret(secret, sealPurpose(userId), secretBoxKey),
    created_at: now,
    enabled_at: null,
    last_used_step: null,
  };
  return db
    .insertInto('totp_keys')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values).where('totp_keys.enabled_at', 'is', null))
    .returningAll()
    .executeTakeFirst();
}

/** The user's key that is on, if any. */
export function enabledKey(db: Kysely<Database>, userId: string): Promise<TotpKeyRow | undefined> {
  return db.selectFrom('totp_keys').selectAll().where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
}

/** The user's key shown within PENDING_KEY_MINUTES and not yet on, if any. */
export function pendingKey(db: Kysely<Database>, userId: string, now: Date): Promise<TotpKeyRow | undefined> {
  return db
    .selectFrom('totp_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - PENDING_KEY_MINUTES * 60_000))
    .executeTakeFirst();
}

/** The key in the clear, to compute codes with. */
export function keySecret(row: TotpKeyRow, secretBoxKey: Uint8Array): Promise<string> {
  return openSecret(row.secret_sealed, sealPurpose(row.user_id), secretBoxKey);
}

/**
 * Records that a code of `step` was accepted, if no code of that step or a later one was: one
 * conditional UPDATE, so of parallel copies of one code exactly one is accepted. `turnOn`: the
 * code turns this pending key on (and only while it is still pending: a newer key replaced it, or
 * a parallel code turned it on, and this one does nothing).
 */
export async function acceptStep(db: Kysely<Database>, row: TotpKeyRow, step: number, now: Date, turnOn = false): Promise<boolean> {
  const updated = await db
    .updateTable('totp_keys')
    .set(turnOn ? { last_used_step: step, enabled_at: now } : { last_used_step: step })
    .where('totp_id', '=', row.totp_id)
    .where('enabled_at', turnOn ? 'is' : 'is not', null)
    .where(sql<boolean>`(last_used_step is null or last_used_step < ${step})`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Feature.revokeUser: the first proof of an address removed a password planted before it, so a key
 * added before that proof may be the planter's, who would otherwise hold the owner's second step
 * (and their recovery codes) for good. A reset keeps the owner's key: the reset link proves only the
 * mailbox, and the reset's own sign-in still asks for the key.
 */
export const removePlantedKey: UserRevoker = async (db, userId, _now, why) => {
  if (why !== 'planted_password') return;
  await db.deleteFrom('totp_keys').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
};

/** Turns two-step verification off: the key and every recovery code go. False when it was not on. */
export async function deleteKey(db: Kysely<Database>, userId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('totp_keys').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  return deleted.numDeletedRows > 0n;
}
