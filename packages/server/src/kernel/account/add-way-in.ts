import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
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

/**
 * Writes a new way in (an address, a number, a passkey, a social account, a wallet) for the
 * session's user, with the rules checked where it is written rather than only when the flow
 * started: one transaction locks the user's row (so an owner's first proof, a reset or a deletion
 * of the user, which change that row, run wholly before or after it), reads the session again (a
 * revoked or expired one is 401 session_not_found: a reset or proof that just ended it wins), requires
 * its recent sign-in (403 reauthentication_required: a signature or ceremony that took its time, or
 * a flow started while recent, adds nothing once it is not), and refuses while a password set
 * before any proof sits beside an unproven address (400 unverified_email). Then `add` runs in it.
 * A user deleted meanwhile is session_not_found.
 */
export async function addWayIn<T>(db: Kysely<Database>, addition: WayInAddition, add: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('user_id').where('user_id', '=', addition.userId).forUpdate().executeTakeFirst();
    const session = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('session_id', '=', addition.sessionId)
      .where('user_id', '=', addition.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', addition.now)
      .executeTakeFirst();
    if (!user || !session) throw new ApiError('session_not_found');
    requireRecentSignIn(session, addition.now, addition.recentMinutes);
    if (!addition.provesOwnAddress) await requireNoUnprovenPassword(trx, addition.userId);
    return add(trx);
  });
}
