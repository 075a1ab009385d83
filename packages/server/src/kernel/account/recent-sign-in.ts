import type { SessionRow } from '../../storage/database.js';
import { ApiError } from '../api-error.js';

/**
 * The account page's rule for a sensitive change (adding or removing a way in, a new password,
 * signing devices out, deleting the account): the session must hold a factor proven within
 * `minutes` (the project's reauthenticationMinutes) of `now`, else 403 reauthentication_required,
 * and the person signs in again with the same Bearer session, which adds the new factor to it.
 * A factor marked attached does not count: it proves only that whoever holds the session controls
 * a credential they attached just then (kernel/sessions/complete-sign-in.ts), so a stolen session
 * could make one at will. Call it first, before any code is spent or anything is read for the change.
 */
export function requireRecentSignIn(session: SessionRow, now: Date, minutes: number): void {
  const since = now.getTime() - minutes * 60_000;
  const recent = session.authentication_factors.some((factor) => !factor.attached && Date.parse(factor.last_authenticated_at) >= since);
  if (!recent) throw new ApiError('reauthentication_required');
}
