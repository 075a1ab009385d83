import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../storage/database.js';
import { ApiError } from '../api-error.js';
import { requireRecentSignIn } from './recent-sign-in.js';
import { requireNoUnprovenPassword } from './unproven-account.js';

/** Whose way in is added, by which session, and the rules it is held to. */
export interface WayInAddition {
  userId: string;
  /** The session asking: it must still be live, and recent, when the addition is written. */
  sessionId: string;
  now: Date;
  /** The project's reauthenticationMinutes. */
  recentMinutes: number;
  /**
   * The addition proves the user's own unproven address (the account page's passcode to it), the
   * one change allowed beside a password set before any proof (kernel/account/unproven-account.ts).
   */
  provesOwnAddress?: boolean;
}

/** Whose account changes, for which session, when. */
export interface LockedChange {
  userId: string;
  sessionId: string;
  now: Date;
}

/**
 * Runs a change to a user's ways in (`change`) in one transaction that first locks the user's row
 * and then reads the asking session again: whatever else changes the user under that lock (an
 * owner's first proof, a reset, a deletion, another change) runs wholly before or after it, and a
 * session such a change ended (revoked, expired, its user deleted) is 401 session_not_found here,
 * however long ago the call checked it. `change` gets the session as it now is.
 */
export async function withUserLocked<T>(
  db: Kysely<Database>,
  at: LockedChange,
  change: (trx: Kysely<Database>, session: SessionRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('user_id').where('user_id', '=', at.userId).forUpdate().executeTakeFirst();
    const session = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('session_id', '=', at.sessionId)
      .where('user_id', '=', at.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at.now)
      .executeTakeFirst();
    if (!user || !session) throw new ApiError('session_not_found');
    return change(trx, session);
  });
}

/**
 * Writes a new way in (an address, a number, a passkey, a social account, a wallet) for the
 * session's user, with the rules checked where it is written rather than only when the flow
 * started (withUserLocked): its recent sign-in (403 reauthentication_required: a signature or
 * ceremony that took its time, or a flow started while recent, adds nothing once it is not), and
 * no password set before any proof beside an unproven address (400 unverified_email). Then `add`
 * runs in the same transaction.
 */
export async function addWayIn<T>(db: Kysely<Database>, addition: WayInAddition, add: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withUserLocked(db, addition, async (trx, session) => {
    requireRecentSignIn(session, addition.now, addition.recentMinutes);
    if (!addition.provesOwnAddress) await requireNoUnprovenPassword(trx, addition.userId);
    return add(trx);
  });
}
