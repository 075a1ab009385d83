import type { AuthenticationFactor, IntermediateSessionResponse, SessionResponse, SignInResponse } from '@vestibule/contract';
import type { StoredFactor } from '../../storage/database.js';
import { ApiError } from '../api-error.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { sessionResponse, type SessionResponseDeps } from './session-response.js';
import { withinLifetime } from './session-lifetime.js';
import { createSession, findLiveSession, mergeFactor, type SignInClient, touchSession } from './sessions-store.js';

/**
 * Holds a sign-in back for a further step (two-step verification): an answer with no session in
 * its place, or null to let it through. Asked only for a sign-in that starts a new session, in the
 * transaction that would write it (`deps.db`), while the user's row is held.
 */
export type SignInHold = (deps: SignInDeps, input: SignIn) => Promise<IntermediateSessionResponse | null>;

/** What finishing a sign-in uses: what a session's answer is made from (the project's session rules among it), the log, the metrics, and the features' holds. */
export interface SignInDeps extends SessionResponseDeps {
  log: Logger;
  metrics: Metrics;
  /** Feature.holdSignIn of every feature that has one. */
  signInHolds: readonly SignInHold[];
}

export interface SignIn {
  /** The call's request id: in the answer and in the log line. */
  requestId: string;
  /**
   * The Bearer session token the call carries: a live session of the same user gets the factors.
   * Null when none came, and when the sign-in must start a new session whatever came with it (a
   * reset signs everyone else out; an attested token alone says who signs in).
   */
  bearerToken: string | null;
  userId: string;
  /** What was proven: usually one factor; a reset link proves the email and sets the password. */
  factors: AuthenticationFactor[];
  durationMinutes: number;
  /** The client named a duration: an existing session is extended to it. */
  durationRequested: boolean;
  now: Date;
  /** Where the sign-in came from (http/sign-in-client.ts signInClient): a new session records it for the account page's list of devices. */
  client: SignInClient;
  /**
   * The sign-in attached the credential it proves to the user (a passkey registered, a wallet first
   * linked to the session's user): added to a session, the factor counts for no re-authentication
   * (the identity provider's auth_time, prompt=login, max_age), since whoever holds the session
   * could have made the credential just now.
   */
  attaches?: boolean;
  /**
   * The sign-in proves two factors by itself (a passkey that verified its user; a first factor and
   * its second step), or the host vouches for whoever it names (an attested token): never held
   * back for another step.
   */
  bothFactors?: boolean;
  /**
   * When the sign-in began proving who it is (default `now`; a second step: its first step's): if
   * every way in of the user was ended after that (a reset, the first proof of an address that
   * removed a planted password), what it proved may be what was ended, and it makes no session.
   */
  since?: Date;
  /**
   * The sign-in only adds to the Bearer session it came with (a confirmation on the account page, a
   * credential the session registers): without that session live, 401 session_not_found, never a
   * new session of what it proved alone.
   */
  addOnly?: boolean;
}

/**
 * Finishes every sign-in: with a live Bearer session of the same user, adds the factors to it (and
 * extends it when a duration was asked for; the session already passed every step); otherwise,
 * unless a feature holds the sign-in back for another step (an IntermediateSessionResponse, no
 * session), starts a new session. Answers the SessionResponse and logs the sign-in (request, user,
 * session, factors).
 */
export async function completeSignIn(deps: SignInDeps, input: SignIn & ({ bothFactors: true } | { addOnly: true })): Promise<SessionResponse>;
export async function completeSignIn(deps: SignInDeps, input: SignIn): Promise<SignInResponse>;
export async function completeSignIn(deps: SignInDeps, input: SignIn): Promise<SignInResponse> {
  const added = await addToBearerSession(deps, input);
  if (!added && input.addOnly) throw new ApiError('session_not_found');
  const response = added ?? (await startSession(deps, input));
  deps.metrics.signedIn(input.factors.at(-1)!.type, !('session' in response));
  // A held sign-in is logged by what held it; this one signed in.
  if ('session' in response) {
    deps.log.info('Signed in', {
      request_id: input.requestId,
      user_id: input.userId,
      session_id: response.session.session_id,
      factors: input.factors.map((factor) => `${factor.type}/${factor.delivery_method}`),
    });
  }
  return response;
}

/** With a live Bearer session of the same user: the factors added to it; else undefined. */
async function addToBearerSession(deps: SignInDeps, input: SignIn): Promise<SessionResponse | undefined> {
  const existingToken = input.bearerToken;
  const maxAge = deps.config.project.maxSessionAgeMinutes;
  const existing = existingToken ? await findLiveSession(deps.db, existingToken, input.now) : undefined;
  if (existingToken && existing && existing.user_id === input.userId && withinLifetime(existing, input.now, maxAge)) {
    const updated = await touchSession(
      deps.db,
      existing.session_id,
      input.now,
      { durationMinutes: input.durationRequested ? input.durationMinutes : undefined, maxAgeMinutes: maxAge },
      input.factors
        .map((factor): StoredFactor => (input.attaches ? { ...factor, attached: true } : factor))
        .reduce(mergeFactor, existing.authentication_factors),
    );
    if (updated) return sessionResponse(deps, input.requestId, updated, existingToken);
  }
  return undefined;
}

/**
 * A new session, or what a feature answers in its place (a hold), written while the user's row is
 * held (FOR SHARE: sign-ins of one user run side by side, while a reset or a first proof that ends
 * every way in, which takes the row for update, runs wholly before or after), and only when the
 * user is still there and nothing ended their ways in since the sign-in began: a password read just
 * before a reset, or a first step held across it, makes nothing after it. The answer is built once
 * the row is let go.
 */
async function startSession(deps: SignInDeps, input: SignIn): Promise<SignInResponse> {
  const maxAge = deps.config.project.maxSessionAgeMinutes;
  // A new session's absolute lifetime starts now: it lasts the duration asked for, at most that.
  const durationMinutes = Math.min(input.durationMinutes, maxAge);
  const made = await deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('ways_in_ended_at').where('user_id', '=', input.userId).forShare().executeTakeFirst();
    if (!user) throw new ApiError('unauthorized_credentials', 'This account was deleted.');
    const since = (input.since ?? input.now).getTime();
    if (user.ways_in_ended_at && new Date(user.ways_in_ended_at).getTime() > since) {
      throw new ApiError('unauthorized_credentials', 'A change to this account (a password reset) ended this sign-in. Please sign in again.');
    }
    if (!input.bothFactors) {
      for (const hold of deps.signInHolds) {
        const held = await hold({ ...deps, db: trx }, input);
        if (held) return { held, created: null };
      }
    }
    return {
      held: null,
      created: await createSession(trx, { userId: input.userId, durationMinutes, factors: input.factors, now: input.now, client: input.client }),
    };
  });
  if (made.held) return made.held;
  return sessionResponse(deps, input.requestId, made.created.row, made.created.token);
}
