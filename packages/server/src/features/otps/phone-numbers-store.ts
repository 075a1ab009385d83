import type { Kysely } from 'kysely';
import type { WaysInCounter } from '../../kernel/account/ways-in.js';
import { createUserWith } from '../../kernel/new-user.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';
import type { UserPhoneNumberRow } from './tables.js';

export async function findUserPhone(db: Kysely<Database>, phoneNumber: string): Promise<UserPhoneNumberRow | undefined> {
  return db.selectFrom('user_phone_numbers').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst();
}

/**
 * Creates an active user with one unverified phone number (E.164). If another request created the
 * same number first, returns that one instead (created: false).
 */
export async function createUserWithPhone(
  db: Kysely<Database>,
  phoneNumber: string,
  now: Date,
): Promise<{ userId: string; phoneId: string; created: boolean }> {
  const phoneId = newId('phone');
  const made = await createUserWith(db, { status: 'active', now }, (trx, userId) =>
    trx
      .insertInto('user_phone_numbers')
      .values({ phone_id: phoneId, user_id: userId, phone_number: phoneNumber, verified: false, created_at: now })
      .onConflict((oc) => oc.column('phone_number').doNothing())
      .returning('phone_id')
      .executeTakeFirst(),
  );
  if (made) return { userId: made.userId, phoneId, created: true };
  const existing = await findUserPhone(db, phoneNumber);
  if (!existing) throw new Error('User phone number vanished during creation.');
  return { userId: existing.user_id, phoneId: existing.phone_id, created: false };
}

/**
 * Adds a number the user proved (a passcode texted to it from the account page), verified; null
 * when another user has it (numbers are unique: the database decides between parallel adds).
 */
export async function addProvenPhone(db: Kysely<Database>, userId: string, phoneNumber: string, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('user_phone_numbers')
    .values({ phone_id: newId('phone'), user_id: userId, phone_number: phoneNumber, verified: true, created_at: now })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returning('phone_id')
    .executeTakeFirst();
  return row?.phone_id ?? null;
}

/** Marks the phone number verified and the user active (a used passcode proves both). */
export async function verifyPhoneAndActivate(db: Kysely<Database>, userId: string, phoneId: string): Promise<void> {
  await db.updateTable('user_phone_numbers').set({ verified: true }).where('phone_id', '=', phoneId).execute();
  await db.updateTable('users').set({ status: 'active' }).where('user_id', '=', userId).execute();
}

/** The user's phone numbers as ways in (Feature.waysIn): each gets text passcodes, proven or not. */
export const countUserPhones: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('user_phone_numbers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * Feature.revokeUser: every phone number of the user is removed when every way in is ended (a
 * password reset, the first proof of an email that removes a planted password). A session could add
 * a number on the account page, and a number signs in with a text passcode; nothing tells the
 * owner's from one whoever held the account added, so none is kept (the owner adds theirs again).
 */
export const removeUserPhones: UserRevoker = async (db, userId) => {
  await db.deleteFrom('user_phone_numbers').where('user_id', '=', userId).execute();
};
