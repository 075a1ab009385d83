import type { Kysely } from 'kysely';
import type { LockoutRule } from '../config/server-config.js';
import type { Database } from '../storage/database.js';

/**
 * Wrong-secret counting and lockouts per user for one sign-in method, kept in a pair of tables of
 * the same shape (user_id, failed_at) and (user_id, locked_until).
 */
export interface LockoutTables {
  failures: 'otp_failures' | 'password_failures';
  lockouts: 'otp_lockouts' | 'password_lockouts';
}

// Both pairs have identical columns; naming one of them keeps Kysely's types simple.
const as = (tables: LockoutTables) => ({ failures: tables.failures as 'password_failures', lockouts: tables.lockouts as 'password_lockouts' });

/** When the user is locked until (in the future), else null. */
export async function lockedUntil(db: Kysely<Database>, tables: LockoutTables, userId: string, now: Date): Promise<Date | null> {
  const { lockouts } = as(tables);
  const row = await db.selectFrom(lockouts).select('locked_until').where('user_id', '=', userId).where('locked_until', '>', now).executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Records a failure. The maxFailures-th within windowSeconds locks the user for lockSeconds and
 * starts the count afresh; returns the lock's end when it locked.
 */
export async function recordFailure(db: Kysely<Database>, tables: LockoutTables, userId: string, rule: LockoutRule, now: Date): Promise<Date | null> {
  const { failures, lockouts } = as(tables);
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db.deleteFrom(failures).where('user_id', '=', userId).where('failed_at', '<=', since).execute();
  await db.insertInto(failures).values({ user_id: userId, failed_at: now }).execute();
  const { count } = await db
    .selectFrom(failures)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) < rule.maxFailures) return null;
  const until = new Date(now.getTime() + rule.lockSeconds * 1000);
  await db
    .insertInto(lockouts)
    .values({ user_id: userId, locked_until: until })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom(failures).where('user_id', '=', userId).execute();
  return until;
}

/** Forgets earlier failures (a success); with `unlock`, also ends a lock (a proven email). */
export async function clearFailures(db: Kysely<Database>, tables: LockoutTables, userId: string, unlock = false): Promise<void> {
  const { failures, lockouts } = as(tables);
  await db.deleteFrom(failures).where('user_id', '=', userId).execute();
  if (unlock) await db.deleteFrom(lockouts).where('user_id', '=', userId).execute();
}
