import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../storage/database.js';

/**
 * A user's live sessions (not revoked, not expired, within their absolute lifetime), newest
 * activity first: the account page's devices and the management API's list.
 */
export function liveSessionsOf(db: Kysely<Database>, userId: string, now: Date, maxSessionAgeMinutes: number): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('started_at', '>', new Date(now.getTime() - maxSessionAgeMinutes * 60_000))
    .orderBy('last_accessed_at', 'desc')
    .orderBy('started_at', 'desc')
    .execute();
}
