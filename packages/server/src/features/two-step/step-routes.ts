import type { OpenAPIHono } from '@hono/zod-openapi';
import { twoStepRoutes, type AuthenticationFactor } from '@vestibule/contract';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { signInClient } from '../../http/sign-in-client.js';
import { ApiError } from '../../kernel/api-error.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import type { Database } from '../../storage/database.js';
import { newKey, turnOn, type Writes } from './enrolment.js';
import { guess, totpCodeOf } from './guesses.js';
import { endIntermediateSession, readIntermediateSession, type IntermediateSession } from './intermediate-sessions.js';
import { recoveryCodesRemaining, useRecoveryCode } from './recovery-codes-store.js';
import { keyThatIsOn, secondStepFactor, spendAppCode } from './second-step.js';
import { keySecret } from './totp-keys-store.js';

/**
 * The second step of a sign-in held back for it (intermediate-sessions.ts): a code from the app,
 * a recovery code, or, where the project requires two-step verification, adding the app. Each
 * turns the intermediate session, once, into a session whose factors are the first step's and
 * this one's.
 */
export function registerStepRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db, config } = deps;

  async function intermediate(token: string, now: Date): Promise<IntermediateSession> {
    const found = await readIntermediateSession(db, token, now);
    if (!found) throw new ApiError('intermediate_session_not_found');
    return found;
  }

  /** The session: the first step's factors and this one's, as long as the first step asked unless this call names a duration. */
  function signIn(c: Context<AppEnv>, found: IntermediateSession, factor: AuthenticationFactor, body: { session_duration_minutes?: number }, now: Date) {
    const duration = body.session_duration_minutes === undefined ? found.held : requestedSession(config.project, body);
    return completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: null,
      userId: found.userId,
      factors: [...found.held.factors, factor],
      durationMinutes: duration.durationMinutes,
      durationRequested: duration.durationRequested,
      now,
      bothFactors: true,
      since: new Date(found.held.since),
    });
  }

  /**
   * A step's writes, in one transaction that first holds the user's row (FOR SHARE: one user's
   * steps run side by side, while a deletion, a reset or an account change waits for them or went
   * first, so they lock rows in the same order and never deadlock): a user deleted meanwhile, their
   * intermediate sessions with them, is intermediate_session_not_found, not a key written for no one.
   */
  const forUser =
    (userId: string): Writes =>
    (write) =>
      db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forShare().executeTakeFirst();
        if (!user) throw new ApiError('intermediate_session_not_found');
        return write(trx);
      });

  /** Ends the intermediate session in the transaction that spends the step's code: used already, it is intermediate_session_not_found and nothing is spent. */
  async function end(trx: Kysely<Database>, token: string, now: Date): Promise<void> {
    if (!(await endIntermediateSession(trx, token, now))) throw new ApiError('intermediate_session_not_found');
  }

  /**
   * Spends the step's code (`spend`: null when it is not right) together with the intermediate
   * session (forUser): of parallel steps with one intermediate session (the ten recovery codes
   * typed at once, a code sent twice), one signs in and spends its code, and the others, finding
   * the intermediate session used, spend nothing.
   */
  function spendWith<T>(found: IntermediateSession, token: string, now: Date, spend: (trx: Kysely<Database>) => Promise<T | null>): Promise<T | null> {
    return forUser(found.userId)(async (trx) => {
      const spent = await spend(trx);
      if (spent === null) return null;
      await end(trx, token, now);
      return spent;
    });
  }

  defineRoute(app, twoStepRoutes.totpAuthenticate, async (c, { body }) => {
    const now = deps.clock();
    const code = totpCodeOf(body.code);
    const found = await intermediate(body.intermediate_session_token, now);
    // Turned off since the first step: there is no code to ask for; signing in again gets straight through.
    const key = await keyThatIsOn(db, found.userId);
    const secret = await keySecret(key, deps.secretBoxKey);
    await guess(deps, c, found.userId, now, 'invalid_totp_code', () =>
      spendWith(found, body.intermediate_session_token, now, (trx) => spendAppCode(trx, key, secret, code, now)),
    );
    return c.json(await signIn(c, found, secondStepFactor('totp', now), body, now));
  });

  defineRoute(app, twoStepRoutes.recoveryCodeAuthenticate, async (c, { body }) => {
    const now = deps.clock();
    const found = await intermediate(body.intermediate_session_token, now);
    await guess(deps, c, found.userId, now, 'invalid_recovery_code', () =>
      spendWith(found, body.intermediate_session_token, now, async (trx) =>
        (await useRecoveryCode(trx, deps.otpHmacKey, found.userId, body.recovery_code, now)) ? true : null,
      ),
    );
    const response = await signIn(c, found, secondStepFactor('recovery_code', now), body, now);
    return c.json({ ...response, recovery_codes_remaining: await recoveryCodesRemaining(db, found.userId) });
  });

  /**
   * Adding the app during a sign-in is for a project that requires it: elsewhere a held sign-in
   * (its user had the app on when it began) must not add a new key of its holder's, were the owner
   * to turn theirs off within the 10 minutes.
   */
  function requireEnrolment(): void {
    if (config.project.mfa !== 'required') throw new ApiError('unauthorized_action', 'An authenticator app is added on the account page.');
  }

  defineRoute(app, twoStepRoutes.totpCreate, async (_c, { body, ok }) => {
    requireEnrolment();
    const now = deps.clock();
    const found = await intermediate(body.intermediate_session_token, now);
    return ok(await newKey(deps, found.userId, now, forUser(found.userId)));
  });

  defineRoute(app, twoStepRoutes.totpEnrol, async (c, { body }) => {
    requireEnrolment();
    const now = deps.clock();
    const found = await intermediate(body.intermediate_session_token, now);
    // The intermediate session ends with the key turned on, or neither happens.
    const recoveryCodes = await turnOn(deps, c, { userId: found.userId, typedCode: body.code, now }, forUser(found.userId), (trx) =>
      end(trx, body.intermediate_session_token, now),
    );
    deps.log.info('Two-step verification turned on', { request_id: c.get('requestId'), user_id: found.userId, during: 'sign-in' });
    return c.json({ ...(await signIn(c, found, secondStepFactor('totp', now), body, now)), recovery_codes: recoveryCodes });
  });
}
