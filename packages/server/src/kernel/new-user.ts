import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../storage/database.js';
import { newId } from '../security/random-token.js';

/** Thrown inside the transaction to roll it back: the way in was taken by a parallel request. */
class WayInTaken extends Error {}

/**
 * Makes a user together with their first way in (an email, a phone number, a wallet), in one
 * transaction that is rolled back, not committed, when `addWayIn` finds it taken (it answers
 * null: another request added the same address first). Rolled back, the user never existed: no
 * user.created and user.deleted events (written by triggers with the change) for them, and no
 * webhook. Returns the new user's id and what addWayIn answered, or null.
 */
export async function createUserWith<T>(
  db: Kysely<Database>,
  user: { status: UsersTable['status']; now: Date },
  addWayIn: (trx: Transaction<Database>, userId: string) => Promise<T | null | undefined>,
): Promise<{ userId: string; wayIn: T } | null> {
  const userId = newId('user');
  try {
    return await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ user_id: userId, status: user.status, created_at: user.now }).execute();
      const wayIn = await addWayIn(trx, userId);
      if (wayIn === null || wayIn === undefined) throw new WayInTaken();
      return { userId, wayIn };
    });
  } catch (error) {
    if (error instanceof WayInTaken) return null;
    throw error;
  }
}
