import type { Kysely } from 'kysely';
import type { WaysInCounter } from '../../kernel/account/ways-in.js';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';

/**
 * What a password login needs of an address, in one statement: its user, the stored hash (if the
 * user has a password) and whether a reset is required. Undefined for an unknown address.
 */
export async function findPasswordLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user_emails')
    .innerJoin('users', 'users.user_id', 'user_emails.user_id')
    .leftJoin('user_passwords', 'user_passwords.user_id', 'user_emails.user_id')
    .select(['user_emails.user_id', 'user_emails.email_id', 'user_emails.email', 'user_passwords.hash', 'users.password_reset_required'])
    .where('user_emails.email', '=', email)
    .executeTakeFirst();
}

export async function findPassword(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user_passwords').select(['password_id', 'hash']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Sets (or replaces) the user's password; the password_id stays the same on replacement. withProof:
 * it was set by someone who proved an email of the user (a reset link; the account page when the
 * user has a proven email), so it is kept when an email is proven later (see kernel/users.ts
 * proveEmail); a password set with none proven is removed by that proof.
 */
export async function setPassword(db: Kysely<Database>, userId: string, hash: string, withProof: boolean, now: Date): Promise<void> {
  await db
    .insertInto('user_passwords')
    .values({ user_id: userId, password_id: newId('password'), hash, set_with_proof: withProof, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ hash, set_with_proof: withProof, updated_at: now }))
    .execute();
}

/** The same password hashed with the current argon2 parameters; nothing else changes. */
export async function rehashPassword(db: Kysely<Database>, userId: string, hash: string, now: Date): Promise<void> {
  await db.updateTable('user_passwords').set({ hash, updated_at: now }).where('user_id', '=', userId).execute();
}

/**
 * Adds a password only when the user has none; false when one already exists (a concurrent create).
 * Made at sign-up, before the email is proven: see proveEmail for why that is remembered.
 */
export async function addPasswordIfAbsent(db: Kysely<Database>, userId: string, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('user_passwords')
    .values({ user_id: userId, password_id: newId('password'), hash, set_with_proof: false, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function setResetRequired(db: Kysely<Database>, userId: string, required: boolean): Promise<void> {
  await db.updateTable('users').set({ password_reset_required: required }).where('user_id', '=', userId).execute();
}

/** The password as a way in (Feature.waysIn): it signs in with an email, so it counts only while the user has one. */
export const countPassword: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('user_passwords')
    .select('user_id')
    .where('user_id', '=', userId)
    .where((eb) => eb.exists(eb.selectFrom('user_emails').select('email_id').where('user_emails.user_id', '=', userId)))
    .executeTakeFirst();
  return row ? 1 : 0;
};
