import type { AliasableExpression, ExpressionBuilder, Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { userParts as contractUserParts, type User, type UserPartName } from '@vestibule/contract';
import { newId } from '../security/random-token.js';
import type { Database, UserEmailRow, UserRow } from '../storage/database.js';
import { createUserWith } from './new-user.js';
import { endEveryWayIn, type RevokeDeps } from './sessions/revoke-everywhere.js';

export async function findUserEmail(db: Kysely<Database>, email: string): Promise<UserEmailRow | undefined> {
  return db.selectFrom('user_emails').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The address of an email id; undefined once it is removed (or its account deleted). */
export async function findEmailOf(db: Kysely<Database>, emailId: string): Promise<string | undefined> {
  return (await db.selectFrom('user_emails').select('email').where('email_id', '=', emailId).executeTakeFirst())?.email;
}

/**
 * Creates a user with one unverified email. If another request created the same email first,
 * returns that one instead (created: false).
 */
export async function createUserWithEmail(
  db: Kysely<Database>,
  email: string,
  status: UserRow['status'],
  now: Date,
): Promise<{ userId: string; emailId: string; created: boolean }> {
  const emailId = newId('email');
  const made = await createUserWith(db, { status, now }, (trx, userId) =>
    trx
      .insertInto('user_emails')
      .values({ email_id: emailId, user_id: userId, email, verified: false, created_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email_id')
      .executeTakeFirst(),
  );
  if (made) return { userId: made.userId, emailId, created: true };
  const existing = await findUserEmail(db, email);
  if (!existing) throw new Error('User email vanished during creation.');
  return { userId: existing.user_id, emailId: existing.email_id, created: false };
}

/**
 * Adds an address the user proved (a passcode sent to it from the account page), verified; null
 * when another user has it (addresses are unique: the database decides between parallel adds).
 */
export async function addProvenEmail(db: Kysely<Database>, userId: string, email: string, now: Date): Promise<string | null> {
  const row = await db
    .insertInto('user_emails')
    .values({ email_id: newId('email'), user_id: userId, email, verified: true, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('email_id')
    .executeTakeFirst();
  return row?.email_id ?? null;
}

/** Creates an active user with no email or phone: a sign-in that vouches for neither (a social account whose address is unverified or taken). */
export async function createUser(db: Kysely<Database>, now: Date): Promise<string> {
  const userId = newId('user');
  await db.insertInto('users').values({ user_id: userId, status: 'active', created_at: now }).execute();
  return userId;
}

/**
 * Marks the email proven and the user active: a used magic link, email passcode or reset link proves
 * both. The first proof of an email also ends account pre-hijacking: anyone can create a password
 * account for an address they do not own, so a password set while no email of the user was proven
 * is removed (the owner can set one through a reset) and every way in the user had is ended
 * (endEveryWayIn: sessions, sign-in secrets, identity-provider grants, and every passkey and linked
 * wallet, all attached before anyone proved the address), so whoever planted the password loses all
 * of them. Only then: a first proof with no planted password ends nothing (see the README's
 * security table; a social sign-in with an address its provider did not vouch for also makes an
 * unproven user with a session). The caller's new session is made after this.
 */
export async function proveEmail(deps: RevokeDeps, userId: string, emailId: string, now: Date): Promise<{ passwordRemoved: boolean }> {
  const proof = await deps.db.transaction().execute(async (trx) => {
    const firstProof = await trx
      .updateTable('user_emails')
      .set({ verified: true })
      .where('email_id', '=', emailId)
      .where('verified', '=', false)
      .returning('email_id')
      .executeTakeFirst();
    await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', userId).execute();
    if (!firstProof) return { passwordRemoved: false };
    const removed = await trx
      .deleteFrom('user_passwords')
      .where('user_id', '=', userId)
      .where('set_with_proof', '=', false)
      .returning('user_id')
      .executeTakeFirst();
    if (removed) await endEveryWayIn(trx, deps.userRevokers, userId, now, emailId, 'planted_password');
    return { passwordRemoved: Boolean(removed) };
  });
  if (proof.passwordRemoved) await deps.sessions.settle();
  return proof;
}

/**
 * Which of a user's addresses (or numbers), listed oldest first, is primary: the one the person
 * chose, while it is still theirs; else the first verified; else the first. Null for none. A
 * removed choice needs no second write: it is simply no longer among them.
 */
export function primaryOf(items: ReadonlyArray<{ id: string; verified: boolean }>, chosen: string | null): string | null {
  return (items.find((item) => item.id === chosen) ?? items.find((item) => item.verified) ?? items[0])?.id ?? null;
}

/**
 * Marks the email proven by the user's own session (the account page's passcode to it): unlike a
 * proof that signs someone in, it ends nothing. A session of a user whose password was set before
 * any proof came from that password or from what its holders attached; whoever holds one and now
 * also proves the address is its owner, so the password is theirs: it becomes proven
 * (set_with_proof), and the person keeps their password, sessions and credentials. The planted
 * password's defence (proveEmail) still holds for the owner, who never holds such a session: their
 * first sign-in by link, passcode or reset proves the address and ends the planter's ways in.
 * Runs in the caller's transaction (kernel/account/add-way-in.ts).
 */
export async function proveEmailInSession(trx: Kysely<Database>, userId: string, emailId: string): Promise<void> {
  await trx.updateTable('user_emails').set({ verified: true }).where('email_id', '=', emailId).where('user_id', '=', userId).execute();
  await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', userId).execute();
  await trx.updateTable('user_passwords').set({ set_with_proof: true }).where('user_id', '=', userId).execute();
}

/**
 * What a feature adds to the User (Feature.userPart): the field it fills (one of the contract's
 * userParts, whose schema gives its wire shape) and how the field is read within getUser's one
 * statement. A table a part reads announces its changes as the users table does (the trigger of
 * migration 0011-change-feed), or instances keep serving the user as it was.
 */
export interface UserPart<F extends UserPartName = UserPartName, Raw = unknown> {
  field: F;
  /** A subquery beside the user row (correlated on users.user_id); inside JSON, timestamps come back as text. */
  select(eb: ExpressionBuilder<Database, 'users'>): AliasableExpression<Raw>;
  /** The field's value from what the subquery gave. */
  read(raw: Raw): User[F];
}

/** A feature's part, its subquery's type checked against its reader. */
export const userPart = <F extends UserPartName, Raw>(part: UserPart<F, Raw>): UserPart => part as unknown as UserPart;

/**
 * The features' parts in the order the User lists them (the contract's userParts). Every field of
 * the contract's parts is read by exactly one: a server missing one would answer Users the contract
 * does not describe, so composing the features refuses it.
 */
export function userPartsInOrder(registered: readonly UserPart[]): UserPart[] {
  return (Object.keys(contractUserParts) as UserPartName[]).map((field) => {
    const parts = registered.filter((part) => part.field === field);
    if (parts.length !== 1) throw new Error(`The User's ${field} needs one feature's userPart; ${parts.length} give it.`);
    return parts[0]!;
  });
}

/** What getUser reads the User with: the database and the features' parts (userPartsInOrder). */
export interface UserDeps {
  db: Kysely<Database>;
  userParts: readonly UserPart[];
}

/**
 * The statement every User is read with: the user row with its emails, and each feature's part
 * beside them as a subquery (correlated on the row, so one statement reads one user or a page of
 * them).
 */
function selectUsers(deps: UserDeps) {
  return deps.db
    .selectFrom('users')
    .select(['users.user_id', 'users.status', 'users.created_at', 'users.name', 'users.primary_email_id', 'users.trusted_metadata', 'users.untrusted_metadata'])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('user_emails')
          .select(['email_id', 'email', 'verified'])
          .whereRef('user_emails.user_id', '=', 'users.user_id')
          .orderBy('created_at')
          .orderBy('email_id'),
      ).as('emails'),
      ...deps.userParts.map((part) => part.select(eb).as(part.field)),
    ]);
}

type UserSelection = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

/** The User of a row selectUsers read, its fields in the contract's order. Timestamps inside JSON come back as text, so created_at is parsed again. */
function toUser(parts: readonly UserPart[], row: UserSelection): User {
  const raw = row as unknown as Record<string, unknown>;
  const primary = primaryOf(
    row.emails.map((email) => ({ id: email.email_id, verified: email.verified })),
    row.primary_email_id,
  );
  const user: Record<string, unknown> = {
    user_id: row.user_id,
    status: row.status,
    created_at: row.created_at.toISOString(),
    name: row.name,
    emails: row.emails.map((email) => ({ email_id: email.email_id, email: email.email, verified: email.verified, primary: email.email_id === primary })),
  };
  for (const part of parts) user[part.field] = part.read(raw[part.field]);
  user.trusted_metadata = row.trusted_metadata;
  user.untrusted_metadata = row.untrusted_metadata;
  return user as User;
}

/** The User as the API returns it, in one statement (every sign-in answers it). */
export async function getUser(deps: UserDeps, userId: string): Promise<User | null> {
  const row = await selectUsers(deps).where('users.user_id', '=', userId).executeTakeFirst();
  return row ? toUser(deps.userParts, row) : null;
}

/** Users by id in one statement (a page of the management API's list), in the order asked; an id of no user is left out. */
export async function getUsers(deps: UserDeps, userIds: readonly string[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const rows = await selectUsers(deps).where('users.user_id', 'in', userIds).execute();
  const users = new Map(rows.map((row) => [row.user_id, toUser(deps.userParts, row)]));
  return userIds.flatMap((id) => users.get(id) ?? []);
}
