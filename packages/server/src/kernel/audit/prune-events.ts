import type { PruneBatch } from '../pruning.js';

/** Deletes events older than the retention (eventRetentionDays), a batch at a time. */
export function pruneAuditEvents(retentionDays: number): PruneBatch {
  return async (db, now, limit) => {
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    const result = await db
      .deleteFrom('audit_events')
      .where('seq', 'in', (eb) => eb.selectFrom('audit_events').select('seq').where('occurred_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  };
}
