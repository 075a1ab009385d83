import type { Context } from 'hono';
import type { AuthenticationFactor, SessionResponse } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import type { StoredFactor } from '../../storage/database.js';
import { bearerToken } from '../../http/session-auth.js';
import { sessionResponse } from './session-response.js';
import { withinLifetime } from './session-lifetime.js';
import { createSession, findLiveSession, mergeFactor, touchSession } from './sessions-store.js';

export interface SignIn {
  userId: string;
  /** What was proven: usually one factor; a reset link proves the email and sets the password. */
  factors: AuthenticationFactor[];
  durationMinutes: number;
  /** The client named a duration: an existing session is extended to it. */
  durationRequested: boolean;
  now: Date;
  /** False when the sign-in must start a new session whatever Bearer session came with it (a reset signs everyone else out). */
  reuseBearerSession?: boolean;
  /**
   * The sign-in attached the credential it proves to the user (a passkey registered, a wallet first
   * linked to the session's user): added to a session, the factor counts for no re-authentication
   * (the identity provider's auth_time, prompt=login, max_age), since whoever holds the session
   * could have made the credential just now.
   */
  attaches?: boolean;
}

/**
 * Finishes every sign-in: with a live Bearer session of the same user, adds the factors to it (and
 * extends it when a duration was asked for); otherwise starts a new session. Answers the
 * SessionResponse and logs the sign-in (request, user, session, factors).
 */
export async function completeSignIn(c: Context<AppEnv>, deps: AppDeps, input: SignIn): Promise<SessionResponse> {
  const response = await signInSession(c, deps, input);
  deps.log.info('Signed in', {
    request_id: c.get('requestId'),
    user_id: input.userId,
    session_id: response.session.session_id,
    factors: input.factors.map((factor) => `${factor.type}/${factor.delivery_method}`),
  });
  return response;
}

async function signInSession(c: Context<AppEnv>, deps: AppDeps, input: SignIn): Promise<SessionResponse> {
  const existingToken = input.reuseBearerSession === false ? null : bearerToken(c);
  const maxAge = deps.config.project.maxSessionAgeMinutes;
  const existing = existingToken ? await findLiveSession(deps.db, existingToken, input.now) : undefined;
  if (existingToken && existing && existing.user_id === input.userId && withinLifetime(existing, input.now, maxAge)) {
    const updated = await touchSession(
      deps.db,
      existing.session_id,
      input.now,
      { durationMinutes: input.durationRequested ? input.durationMinutes : undefined, maxAgeMinutes: maxAge },
      input.factors.map((factor): StoredFactor => (input.attaches ? { ...factor, attached: true } : factor)).reduce(mergeFactor, existing.authentication_factors),
    );
    if (updated) return sessionResponse(deps, c.get('requestId'), updated, existingToken);
  }
  // A new session's absolute lifetime starts now: it lasts the duration asked for, at most that.
  const durationMinutes = Math.min(input.durationMinutes, maxAge);
  const { row, token } = await createSession(deps.db, { userId: input.userId, durationMinutes, factors: input.factors, now: input.now });
  return sessionResponse(deps, c.get('requestId'), row, token);
}
