import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { retireUserSecrets } from '../one-time-secrets.js';
import { revokeUserSessions } from './sessions-store.js';

/**
 * What a feature ends of a user's when every way in is ended (Feature.revokeUser): the identity
 * provider's grants and tokens, and every credential a session could attach (passkeys, linked
 * wallets), as whoever held the account before may have attached their own. Runs in the caller's
 * transaction.
 */
export type UserRevoker = (db: Kysely<Database>, userId: string, now: Date, why: EndReason) => Promise<void>;

/**
 * Why every way in ends: the owner reset the password (what the owner set up with their own proof,
 * a second step among it, stays), or the first proof of an address removed a password planted
 * before it (nothing set up before that proof can be told from the planter's).
 */
export type EndReason = 'reset' | 'planted_password';

/** What ending every way in needs: the database, what features revoke, and the live sessions to settle. */
export interface RevokeDeps {
  db: Kysely<Database>;
  userRevokers: readonly UserRevoker[];
  sessions: { settle(): Promise<void> };
}

/**
 * Ends every way in a user has, in the caller's transaction: every unused sign-in secret (links,
 * passcodes, reset links, authorization codes), every session, every email address but the one
 * just proven (`provenEmailId`: a session could add an address on the account page, and whoever
 * added theirs would sign in by it), and what features granted (UserRevoker). Secrets first: a use
 * of one in flight holds its row, so this waits for it, and whatever that use then made (a
 * session, a grant) is committed before the statements after read. The caller settles
 * (LiveSessions.settle) once this is committed.
 */
export async function endEveryWayIn(
  db: Kysely<Database>,
  revokers: readonly UserRevoker[],
  userId: string,
  now: Date,
  provenEmailId: string,
  why: EndReason,
): Promise<void> {
  // The user's row first, as every change to its ways in takes it (kernel/account/add-way-in.ts): one
  // under way finishes before this reads, and one after finds its session ended.
  await db.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  // Sign-ins that began proving who they are before this (a password read before the reset, a
  // first step held for its second) make no session once it commits (complete-sign-in.ts).
  await db.updateTable('users').set({ ways_in_ended_at: now }).where('user_id', '=', userId).execute();
  await retireUserSecrets(db, userId, now);
  await revokeUserSessions(db, userId, now);
  await db.deleteFrom('user_emails').where('user_id', '=', userId).where('email_id', '!=', provenEmailId).execute();
  for (const revoke of revokers) await revoke(db, userId, now, why);
}

/**
 * Ends every way in a user has because the account may have been someone else's (a password reset;
 * proveEmail does the same inside its own transaction): endEveryWayIn in one transaction, then
 * settled, so that once this returns no instance still serves a session of the user from memory.
 * What features revoke is read from the database at every use (identity-provider tokens, passkeys,
 * wallets, social accounts, phone numbers, addresses), so it is refused everywhere from the commit
 * on; the user's answer held in memory is dropped by the change feed (the triggers of migrations
 * 0011 and 0014). It removes every credential a session could add and every address but the proven
 * one: the account page's "sign out of all other devices" is not this and must not call it.
 */
export async function revokeEverywhere(deps: RevokeDeps, userId: string, now: Date, provenEmailId: string): Promise<void> {
  await deps.db.transaction().execute((trx) => endEveryWayIn(trx, deps.userRevokers, userId, now, provenEmailId, 'reset'));
  await deps.sessions.settle();
}
