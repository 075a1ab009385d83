import { sql, type Kysely } from 'kysely';
import type { WaysInCounter } from '../../kernel/account/ways-in.js';
import type { UserRevoker } from '../../kernel/sessions/revoke-everywhere.js';
import { newId } from '../../security/random-token.js';
import type { Database } from '../../storage/database.js';
import type { WebAuthnRegistrationRow } from './tables.js';

/** The stored signature counter as a number (a bigint column may be read as a string). */
export const counterOf = (row: WebAuthnRegistrationRow): number => Number(row.counter);

export function listRegistrations(db: Kysely<Database>, userId: string): Promise<WebAuthnRegistrationRow[]> {
  return db.selectFrom('webauthn_registrations').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export function findByCredentialId(db: Kysely<Database>, credentialId: string): Promise<WebAuthnRegistrationRow | undefined> {
  return db.selectFrom('webauthn_registrations').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** 'Passkey', then 'Passkey 2', 'Passkey 3', …: the first the user does not have. */
function defaultName(taken: Set<string>): string {
  let n = 1;
  while (taken.has(n === 1 ? 'Passkey' : `Passkey ${n}`)) n += 1;
  return n === 1 ? 'Passkey' : `Passkey ${n}`;
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  /** A passkey, rather than a key that only adds to a signed-in session (ceremonies.ts verifyRegistration). */
  signsInAlone: boolean;
}

/** Stores a verified credential; undefined when that credential is already registered (to anyone). */
export async function addRegistration(
  db: Kysely<Database>,
  userId: string,
  credential: NewCredential,
  now: Date,
): Promise<WebAuthnRegistrationRow | undefined> {
  const taken = new Set((await listRegistrations(db, userId)).map((row) => row.name));
  return db
    .insertInto('webauthn_registrations')
    .values({
      webauthn_registration_id: newId('webauthn-registration'),
      user_id: userId,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: JSON.stringify(credential.transports),
      name: defaultName(taken),
      signs_in_alone: credential.signsInAlone,
      created_at: now,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records a verified use. The counter only moves forward (or stays 0 for authenticators that keep
 * none), checked in the UPDATE itself so two uses racing with the same counter cannot both pass.
 */
export async function recordUse(db: Kysely<Database>, registrationId: string, newCounter: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('webauthn_registrations')
    .set({ counter: newCounter, last_used_at: now })
    .where('webauthn_registration_id', '=', registrationId)
    .where(newCounter === 0 ? sql<boolean>`counter = 0` : sql<boolean>`counter < ${newCounter}`)
    .returning('webauthn_registration_id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Renames one of the user's registrations; undefined when the user has none with that id. */
export function renameRegistration(db: Kysely<Database>, userId: string, registrationId: string, name: string): Promise<WebAuthnRegistrationRow | undefined> {
  return db
    .updateTable('webauthn_registrations')
    .set({ name })
    .where('webauthn_registration_id', '=', registrationId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the user's registrations; false when the user has none with that id. */
export async function deleteRegistration(db: Kysely<Database>, userId: string, registrationId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('webauthn_registrations')
    .where('webauthn_registration_id', '=', registrationId)
    .where('user_id', '=', userId)
    .returning('webauthn_registration_id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Feature.waysIn: the registrations that sign in alone (passkeys). A key registered as a second
 * factor only adds to a session signed in some other way, so it keeps nobody from being locked out.
 */
export const passkeyWaysIn: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('webauthn_registrations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('signs_in_alone', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * Feature.revokeUser: every passkey of the user goes when every way in is ended (a password reset,
 * the first proof of an email that removes a planted password). Whoever held the account before
 * (knew the old password, or planted it on an address they do not own) may have registered one
 * with that session; nothing in the row tells it from the owner's, so none is kept. The owner
 * registers theirs again once signed in.
 */
export const removeUserRegistrations: UserRevoker = async (db, userId) => {
  await db.deleteFrom('webauthn_registrations').where('user_id', '=', userId).execute();
};
