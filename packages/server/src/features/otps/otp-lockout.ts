import type { Kysely } from 'kysely';
import type { LockoutRule } from '../../config/server-config.js';
import type { Database } from '../../storage/database.js';

/** When the user's passcode sign-in is locked until (in the future), else null. */
export async function lockedUntil(db: Kysely<Database>, userId: string, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('otp_lockouts')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Records a wrong passcode for the user. The maxFailures-th within windowSeconds locks passcode
 * sign-in for lockSeconds and starts the count afresh; returns the lock's end when it locked.
 */
export async function recordFailure(db: Kysely<Database>, userId: string, rule: LockoutRule, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db.deleteFrom('otp_failures').where('user_id', '=', userId).where('failed_at', '<=', since).execute();
  await db.insertInto('otp_failures').values({ user_id: userId, failed_at: now }).execute();
  const { count } = await db
    .selectFrom('otp_failures')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) < rule.maxFailures) return null;
  const until = new Date(now.getTime() + rule.lockSeconds * 1000);
  await db
    .insertInto('otp_lockouts')
    .values({ user_id: userId, locked_until: until })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom('otp_failures').where('user_id', '=', userId).execute();
  return until;
}

/** A successful sign-in forgets earlier wrong passcodes. */
export async function clearFailures(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('otp_failures').where('user_id', '=', userId).execute();
}
