import type { AuthenticationFactor } from '@vestibule/contract';
import type { Kysely } from 'kysely';
import { consumeToken, issueToken, peekToken, retireUserSecrets } from '../../kernel/one-time-secrets.js';
import type { SignInHold } from '../../kernel/sessions/complete-sign-in.js';
import type { Database } from '../../storage/database.js';
import { enabledKey } from './totp-keys-store.js';

/** The spec's intermediate session lifetime (the client's cookie lasts as long). */
export const INTERMEDIATE_SESSION_MINUTES = 10;
const PURPOSE = 'intermediate_session';

/** What an intermediate session holds between the two steps: the first step's sign-in, all but its proof. */
export interface HeldSignIn {
  factors: AuthenticationFactor[];
  durationMinutes: number;
  durationRequested: boolean;
  /** When the first step began proving who it is (ISO): the session the second step makes is refused if every way in ended after it. */
  since: string;
}

/**
 * Feature.holdSignIn: a user with an authenticator app on, or any user where the project requires
 * one, gets an intermediate session instead of a session. It is a single-use token (only its hash
 * stored) bound to the user and to the factor just proven, for 10 minutes; it is no session, so no
 * session route takes it. Ending every way in of the user (a reset) retires it with the user's
 * other one-time secrets.
 */
export const holdForSecondStep: SignInHold = async (deps, input) => {
  const twoStep = (await enabledKey(deps.db, input.userId)) ? 'verify' : deps.config.project.mfa === 'required' ? 'enrol' : null;
  if (!twoStep) return null;
  const held: HeldSignIn = {
    factors: input.factors,
    durationMinutes: input.durationMinutes,
    durationRequested: input.durationRequested,
    since: (input.since ?? input.now).toISOString(),
  };
  const token = await issueToken(deps.db, {
    purpose: PURPOSE,
    userId: input.userId,
    bound: held,
    expirationMinutes: INTERMEDIATE_SESSION_MINUTES,
    now: input.now,
  });
  deps.log.info('Held for two-step verification', {
    request_id: input.requestId,
    user_id: input.userId,
    two_step: twoStep,
    factors: input.factors.map((factor) => `${factor.type}/${factor.delivery_method}`),
  });
  return {
    status_code: 200,
    request_id: input.requestId,
    user_id: input.userId,
    intermediate_session_token: token,
    intermediate_session_expires_at: new Date(input.now.getTime() + INTERMEDIATE_SESSION_MINUTES * 60_000).toISOString(),
    two_step: twoStep,
  };
};

export interface IntermediateSession {
  userId: string;
  held: HeldSignIn;
}

/** A live intermediate session, without using it (the step's code is checked first); undefined when unknown, expired or used. */
export async function readIntermediateSession(db: Kysely<Database>, token: string, now: Date): Promise<IntermediateSession | undefined> {
  const found = await peekToken<HeldSignIn>(db, PURPOSE, token, now);
  return found?.userId ? { userId: found.userId, held: found.bound } : undefined;
}

/** Uses the intermediate session once: of parallel second steps that all got this far, one gets the session. */
export async function endIntermediateSession(db: Kysely<Database>, token: string, now: Date): Promise<boolean> {
  return (await consumeToken(db, PURPOSE, token, now)) !== undefined;
}

/**
 * Ends every intermediate session of the user: two-step verification was turned off, so a sign-in
 * held for it must not be finished another way (nor turned into a session by whoever holds it).
 */
export async function endUserIntermediateSessions(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await retireUserSecrets(db, userId, now, PURPOSE);
}
