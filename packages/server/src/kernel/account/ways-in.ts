import type { ErrorType } from '@vestibule/contract/errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { ApiError } from '../api-error.js';

/**
 * How many ways in of one kind a user has (Feature.waysIn): its phone numbers, passkeys, social
 * accounts, wallets, its password (only while an email remains to sign in with it). Read in the
 * removal's transaction, after the removal.
 */
export type WaysInCounter = (db: Kysely<Database>, userId: string) => Promise<number>;

/** What removing a way in needs: the database and every feature's counter (AppDeps.waysIn). */
export interface WaysInDeps {
  db: Kysely<Database>;
  waysIn: readonly WaysInCounter[];
}

/** The user's email addresses, which the kernel counts itself: every one of them gets passcodes and links. */
const countEmails: WaysInCounter = async (db, userId) => {
  const row = await db
    .selectFrom('user_emails')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/**
 * Removes one of a user's ways in without ever leaving none, however many removals arrive at once
 * (on any number of instances): one transaction locks the user's row, so removals of one user run
 * one after another; `remove` runs in it (false: nothing of the user's to remove, ApiError(notFound));
 * then the ways that remain are counted (the emails here, the rest by each feature's counter) and
 * none left is 400 last_way_in, which rolls the removal back.
 */
export async function removeWayIn(deps: WaysInDeps, userId: string, remove: (trx: Kysely<Database>) => Promise<boolean>, notFound: ErrorType): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!(await remove(trx))) throw new ApiError(notFound);
    let remaining = await countEmails(trx, userId);
    for (const count of deps.waysIn) {
      if (remaining > 0) break;
      remaining += await count(trx, userId);
    }
    if (remaining === 0) throw new ApiError('last_way_in');
  });
}
