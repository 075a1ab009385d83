import { sql, type Kysely } from 'kysely';
import type { LockoutRule } from '../config/server-config.js';
import type { Database } from '../storage/database.js';
import { sha256Hex } from '../security/hash.js';
import { KEEP_ENDED_MS, type PruneBatch } from './pruning.js';

/**
 * One count of wrong secrets: `scope` names what is guessed at (an account's password, a user's
 * passcodes) and `client` who guesses (a client address, or ACCOUNT_WIDE for everyone together).
 */
export interface FailureCounter {
  scope: string;
  client: string;
  rule: LockoutRule;
}

/** The client value of a counter that adds up every address's failures. */
export const ACCOUNT_WIDE = '*';

/**
 * The scope of an account's wrong passwords: the email address, known or not (so unknown addresses
 * lock like real ones). Named here because more than the password sign-in counts against it (the
 * account page's current password) and an account's deletion clears it.
 */
export const passwordFailureScope = (email: string) => `password:${sha256Hex(email)}`;

/** The scope of wrong current passwords (the account page) of a user with no email, whose password no sign-in reads. */
export const userPasswordFailureScope = (userId: string) => `password-user:${userId}`;

/** The scope of a user's wrong passcodes, across codes; cleared when the account is deleted. */
export const passcodeFailureScope = (userId: string) => `otp:${userId}`;

export type Reservation =
  /** `lockIfWrong`: this attempt was the last one allowed; if it fails, the lock runs until then. */
  { allowed: true; lockIfWrong: Date | null } | { allowed: false; lockedUntil: Date };

/**
 * Reserves one attempt on each counter before the secret is checked, so that parallel guesses
 * cannot all pass a check made before any of them is counted. Each reservation is one atomic
 * upsert that refuses while the counter is locked; the maxFailures-th reservation sets the lock,
 * which a success then lifts (releaseAttempt). Counters live in the database, so every instance
 * sharing it shares them. The first refusal wins; earlier reservations stay counted.
 */
export async function reserveAttempt(db: Kysely<Database>, counters: FailureCounter[], now: Date): Promise<Reservation> {
  let lockIfWrong: Date | null = null;
  for (const { scope, client, rule } of counters) {
    const since = new Date(now.getTime() - rule.windowSeconds * 1000);
    const lockEnd = new Date(now.getTime() + rule.lockSeconds * 1000);
    // A window that has ended, or a lock that has run out, starts the count afresh.
    const stale = sql<boolean>`(failure_counters.window_start <= ${since} or failure_counters.locked_until <= ${now})`;
    const next = sql<number>`(case when ${stale} then 1 else failure_counters.failures + 1 end)`;
    const row = await db
      .insertInto('failure_counters')
      .values({ scope, client, failures: 1, window_start: now, locked_until: rule.maxFailures <= 1 ? lockEnd : null })
      .onConflict((oc) =>
        oc
          .columns(['scope', 'client'])
          .doUpdateSet({
            failures: next,
            window_start: sql`case when ${stale} then ${now} else failure_counters.window_start end`,
            locked_until: sql`case when ${next} >= ${rule.maxFailures} then ${lockEnd}::timestamptz else null end`,
          })
          .where(sql<boolean>`failure_counters.locked_until is null or failure_counters.locked_until <= ${now}`),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirst();
    if (!row) {
      const locked = await db.selectFrom('failure_counters').select('locked_until').where('scope', '=', scope).where('client', '=', client).executeTakeFirst();
      return { allowed: false, lockedUntil: locked?.locked_until ?? new Date(now.getTime() + 1000) };
    }
    if (row.locked_until && (!lockIfWrong || row.locked_until > lockIfWrong)) lockIfWrong = row.locked_until;
  }
  return { allowed: true, lockIfWrong };
}

/**
 * A reserved attempt turned out right: it was not a failure. The client's own counter starts
 * afresh; account-wide counters only give back this one attempt, so a success from one address
 * does not wipe out what other addresses guessed.
 */
export async function releaseAttempt(db: Kysely<Database>, counters: FailureCounter[]): Promise<void> {
  for (const counter of counters) {
    if (counter.client !== ACCOUNT_WIDE) {
      await db.deleteFrom('failure_counters').where('scope', '=', counter.scope).where('client', '=', counter.client).execute();
      continue;
    }
    await giveBack(db, counter);
  }
}

/**
 * A reserved attempt was never checked (the server was too busy to run it): it is given back to
 * every counter, and a lock it alone reached is lifted, so a refusal never counts as a wrong guess.
 */
export async function giveBackAttempt(db: Kysely<Database>, counters: FailureCounter[]): Promise<void> {
  for (const counter of counters) await giveBack(db, counter);
}

async function giveBack(db: Kysely<Database>, { scope, client, rule }: FailureCounter): Promise<void> {
  await db
    .updateTable('failure_counters')
    .set({
      failures: sql`greatest(failures - 1, 0)`,
      locked_until: sql`case when failures - 1 >= ${rule.maxFailures} then locked_until else null end`,
    })
    .where('scope', '=', scope)
    .where('client', '=', client)
    .execute();
}

/** Forgets every count and lock of a scope: the owner proved control (a password reset). */
export async function clearFailures(db: Kysely<Database>, scope: string): Promise<void> {
  await db.deleteFrom('failure_counters').where('scope', '=', scope).execute();
}

/** One batch (kernel/pruning.ts) of counters whose window and lock both ended more than a day before `now`. */
export const pruneFailureCounters: PruneBatch = async (db, now, limit) => {
  const dayAgo = new Date(now.getTime() - KEEP_ENDED_MS);
  const old = db
    .selectFrom('failure_counters')
    .select(['scope', 'client'])
    .where('window_start', '<', dayAgo)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', dayAgo)]))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db
    .deleteFrom('failure_counters')
    .where(({ eb, refTuple }) => eb(refTuple('scope', 'client'), 'in', old.$asTuple('scope', 'client')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
