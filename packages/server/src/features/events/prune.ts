import type { PruneBatch } from '../../kernel/pruning.js';

/** How long client events are kept: the default retention of the audit events (eventRetentionDays). */
export const KEEP_CLIENT_EVENTS_DAYS = 90;

/** One batch (kernel/pruning.ts) of client events received more than KEEP_CLIENT_EVENTS_DAYS before `now`. */
export const pruneClientEvents: PruneBatch = async (db, now, limit) => {
  const old = db
    .selectFrom('events')
    .select('event_id')
    .where('received_at', '<', new Date(now.getTime() - KEEP_CLIENT_EVENTS_DAYS * 86_400_000))
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db.deleteFrom('events').where('event_id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
};
