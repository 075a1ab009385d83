import type { Context } from 'hono';
import type { AuthenticationFactor, SessionResponse } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/session-auth.js';
import { sessionResponse } from './session-response.js';
import { createSession, findLiveSession, mergeFactor, touchSession } from './sessions-store.js';

/**
 * Finishes a sign-in: with a live Bearer session of the same user, adds the factor to it (and
 * extends it when a duration was asked for); otherwise starts a new session.
 */
export async function completeSignIn(
  c: Context<AppEnv>,
  deps: AppDeps,
  input: { userId: string; factor: AuthenticationFactor; durationMinutes: number; durationRequested: boolean; now: Date },
): Promise<SessionResponse> {
  const existingToken = bearerToken(c);
  const existing = existingToken && existingToken.length <= 256 ? await findLiveSession(deps.db, existingToken, input.now) : undefined;
  if (existingToken && existing && existing.user_id === input.userId) {
    const updated = await touchSession(
      deps.db,
      existing.session_id,
      input.now,
      input.durationRequested ? input.durationMinutes : undefined,
      mergeFactor(existing.authentication_factors, input.factor),
    );
    if (updated) return sessionResponse(deps, c.get('requestId'), updated, existingToken);
  }
  const { row, token } = await createSession(deps.db, { userId: input.userId, durationMinutes: input.durationMinutes, factor: input.factor, now: input.now });
  return sessionResponse(deps, c.get('requestId'), row, token);
}
