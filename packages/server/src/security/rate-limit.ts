import { sql, type Kysely } from 'kysely';
import type { RateLimitRule } from '../config/server-config.js';
import type { Database } from '../storage/database.js';
import { KEEP_ENDED_MS, type PruneBatch } from '../kernel/pruning.js';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts `amount` hits (one by default) against `key` in a fixed window kept in the database, so every instance sharing
 * the database shares the limit. The upsert is atomic: concurrent hits never lose a count.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, rule: RateLimitRule, now: Date, amount = 1): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ bucket_key: key, window_start: new Date(start), count: amount })
    .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doUpdateSet({ count: sql`rate_limit_buckets.count + ${amount}` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** One batch (kernel/pruning.ts) of buckets whose window started more than a day before `now` (no rule's window is longer). */
export const pruneRateLimits: PruneBatch = async (db, now, limit) => {
  const old = db
    .selectFrom('rate_limit_buckets')
    .select(['bucket_key', 'window_start'])
    .where('window_start', '<', new Date(now.getTime() - KEEP_ENDED_MS))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db
    .deleteFrom('rate_limit_buckets')
    .where(({ eb, refTuple }) => eb(refTuple('bucket_key', 'window_start'), 'in', old.$asTuple('bucket_key', 'window_start')))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
