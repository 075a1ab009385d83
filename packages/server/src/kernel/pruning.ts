import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.js';
import type { Logger } from './logger.js';

/**
 * One batch of a table's ended rows (expired, used or revoked a while ago): deletes at most `limit`
 * and says how many it deleted. A batch is one short statement, so pruning never holds a large
 * table's locks for long, and instances pruning the same database at once skip each other's rows.
 */
export type PruneBatch = (db: Kysely<Database>, now: Date, limit: number) => Promise<number>;

/** Rows per DELETE. */
export const PRUNE_BATCH_ROWS = 1000;

/** How often a running server prunes (it also prunes once at start). */
export const PRUNE_EVERY_MS = 10 * 60_000;

/** Ended rows are kept this long after they ended (to answer "already used", and for inquiries). */
export const KEEP_ENDED_MS = 86_400_000;

/** Runs each pruner's batches until one deletes less than a full batch; returns the rows deleted. */
export async function pruneAll(db: Kysely<Database>, pruners: readonly PruneBatch[], now: Date): Promise<number> {
  let total = 0;
  for (const prune of pruners) {
    for (;;) {
      const deleted = await prune(db, now, PRUNE_BATCH_ROWS);
      total += deleted;
      if (deleted < PRUNE_BATCH_ROWS) break;
    }
  }
  return total;
}

/**
 * Claims the run due at `now` on the schedule every instance on the database shares: true for the
 * one instance whose claim moves the next run `everyMs` on, false for the others (and for all of
 * them until then). One statement, so instances claiming at once cannot both win; the first claim
 * on a database makes the schedule.
 */
export async function claimPruneRun(db: Kysely<Database>, now: Date, everyMs: number): Promise<boolean> {
  const claimed = await db
    .insertInto('prune_schedule')
    .values({ name: 'prune', next_run_at: new Date(now.getTime() + everyMs) })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ next_run_at: eb.ref('excluded.next_run_at') }))
        .where('prune_schedule.next_run_at', '<=', now),
    )
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Prunes every `everyMs` while the server runs (the timer does not keep the process alive): each
 * instance looks that often, and the one that claims the run (claimPruneRun) prunes, so several
 * instances prune once per period between them, not once each. A run that fails is logged and
 * the next one tries again. Returns the function that stops it, which waits for a run under way
 * (so the database is not closed under it).
 */
export function prunePeriodically(
  db: Kysely<Database>,
  pruners: readonly PruneBatch[],
  clock: () => Date,
  log: Logger,
  everyMs = PRUNE_EVERY_MS,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    // A run still under way (a large backlog) is not joined by a second one.
    running ??= (async () => {
      const now = clock();
      if (await claimPruneRun(db, now, everyMs)) await pruneAll(db, pruners, now);
    })()
      .catch((error: Error) => log.error('Pruning ended secrets failed; the next run tries again.', { message: error.message }))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
