import type { SessionRow } from '../../storage/database.js';

/**
 * Whether a session is within its absolute lifetime (project.maxSessionAgeMinutes), counted from
 * its sign-in (started_at). A check with session_duration_minutes extends a session, but never past
 * it (sessions-store.ts touchSession caps the expiry), so a session token someone keeps checking
 * still ends; this also ends one stored before the setting was lowered. A later sign-in that adds
 * factors to the same session does not restart it: the token, which is what a thief holds, is the same.
 */
export function withinLifetime(session: Pick<SessionRow, 'started_at'>, now: Date, maxAgeMinutes: number): boolean {
  return session.started_at.getTime() + maxAgeMinutes * 60_000 > now.getTime();
}
