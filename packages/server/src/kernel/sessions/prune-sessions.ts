import { KEEP_ENDED_MS, type PruneBatch } from '../pruning.js';

/**
 * One batch (kernel/pruning.ts) of sessions that ended, by expiring or being revoked, more than a
 * day before `now`, as other ended secrets are kept a day (KEEP_ENDED_MS). Deleting a session
 * records no event: its revocation was recorded when it happened, and an expiry is no change.
 */
export const pruneSessions: PruneBatch = async (db, now, limit) => {
  const before = new Date(now.getTime() - KEEP_ENDED_MS);
  const ended = (column: 'expires_at' | 'revoked_at') =>
    db.selectFrom('sessions').select('session_id').where(column, '<', before).limit(limit).forUpdate().skipLocked();
  const expired = await db.deleteFrom('sessions').where('session_id', 'in', ended('expires_at')).executeTakeFirst();
  const room = limit - Number(expired.numDeletedRows);
  if (room <= 0) return limit;
  const revoked = await db.deleteFrom('sessions').where('session_id', 'in', ended('revoked_at').limit(room)).executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(revoked.numDeletedRows);
};
