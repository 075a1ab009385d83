import type { Kysely } from 'kysely';
import type { Database, SessionRow, StoredFactor } from '../../storage/database.js';
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
  if (!session.authentication_factors.some(recent(now, minutes))) throw new ApiError('reauthentication_required');
}

/** Whether a user has a second step turned on (Feature.secondStep: two-step verification's app). */
export type SecondStepCheck = (db: Kysely<Database>, userId: string) => Promise<boolean>;

/**
 * The factors that prove a second step: a code from the app, a recovery code, or a passkey or
 * security key of the user's (possession of a registered authenticator; one the session attached
 * itself does not count, as above). A first factor signed in again on the same session (a password,
 * a passcode) is not one: its sign-in was added to the session with no second step asked.
 */
const SECOND_STEP_FACTORS: ReadonlySet<StoredFactor['type']> = new Set(['totp', 'recovery_code', 'webauthn']);

/**
 * The rule for a change that would lift a user's second step or go around it (turning it off, new
 * recovery codes, a passkey, which signs in alone): for a user who has one on (any feature's
 * `secondSteps` check, read in `db`, the change's transaction where it has one), the session must
 * hold a second-step factor proven within `minutes`; otherwise any recent factor does, as
 * requireRecentSignIn. Else a session held by someone else (stolen, left open) who knows the
 * password would sign in again with it and then turn the second step off for good.
 */
export async function requireRecentSignInWithSecondStep(
  deps: { db: Kysely<Database>; secondSteps: readonly SecondStepCheck[] },
  session: SessionRow,
  now: Date,
  minutes: number,
): Promise<void> {
  requireRecentSignIn(session, now, minutes);
  for (const hasSecondStep of deps.secondSteps) {
    if (await hasSecondStep(deps.db, session.user_id)) return requireRecentSecondStep(session, now, minutes);
  }
}

/** A second-step factor proven within `minutes` of `now`, else 403 reauthentication_required saying so. */
function requireRecentSecondStep(session: SessionRow, now: Date, minutes: number): void {
  const proven = session.authentication_factors.filter((factor) => SECOND_STEP_FACTORS.has(factor.type));
  if (!proven.some(recent(now, minutes))) {
    throw new ApiError(
      'reauthentication_required',
      'For your security, please confirm it is you with a code from your authenticator app (or a recovery code, or a passkey) before making this change.',
    );
  }
}

const recent =
  (now: Date, minutes: number) =>
  (factor: StoredFactor): boolean =>
    !factor.attached && Date.parse(factor.last_authenticated_at) >= now.getTime() - minutes * 60_000;
