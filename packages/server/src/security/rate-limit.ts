import { sql, type Kysely } from 'kysely';
import type { RateLimitRule } from '../config/server-config.js';
import type { Database } from '../storage/database.js';

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

/** Deletes buckets whose window ended more than a day before `now`. */
export async function pruneRateLimits(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_buckets')
    .where('window_start', '<', new Date(now.getTime() - 86_400_000))
    .execute();
}
