import type { OpenAPIHono } from '@hono/zod-openapi';
import { twoStepRoutes, type AuthenticationFactor, type SessionResponse } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { signInClient } from '../../http/sign-in-client.js';
import { ApiError } from '../../kernel/api-error.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { guess, totpCodeOf } from './guesses.js';
import { recoveryCodesRemaining, useRecoveryCode } from './recovery-codes-store.js';
import { acceptStep, enabledKey, keySecret } from './totp-keys-store.js';
import { totpStep } from './totp.js';

/**
 * The account page's 'Confirm it is you' with the second step: a code from the app, or a recovery
 * code, proven on the signed-in session and added to it as a factor, since turning the app off,
 * new recovery codes and a passkey need a recent second step (kernel/account/recent-sign-in.ts
 * requireRecentSignInWithSecondStep), which a first factor signed in again does not give. Each
 * code is a guess counted with the sign-in's step (guesses.ts) and works once as there: the app's
 * code once in its 30 seconds across both, a recovery code once.
 */
export function registerConfirmRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db, config } = deps;

  /** The user's key that is on: there is nothing to confirm without it. */
  async function keyOf(userId: string) {
    const key = await enabledKey(db, userId);
    if (!key) throw new ApiError('totp_not_enabled');
    return key;
  }

  /** The factor added to the asking session (its Bearer token), as a sign-in with it would add it: a real proof, not one attached. */
  async function addToSession(
    c: Context<AppEnv>,
    factor: AuthenticationFactor,
    body: { session_duration_minutes?: number },
    now: Date,
  ): Promise<SessionResponse> {
    const signedIn = await completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId: c.get('session').user_id,
      factors: [factor],
      ...requestedSession(config.project, body),
      now,
      addOnly: true,
    });
    return signedIn;
  }

  defineRoute(app, twoStepRoutes.totpConfirm, sessionAuth(deps), async (c, { body }) => {
    const now = deps.clock();
    const code = totpCodeOf(body.code);
    const userId = c.get('session').user_id;
    const key = await keyOf(userId);
    const secret = await keySecret(key, deps.secretBoxKey);
    await guess(deps, c, userId, now, 'invalid_totp_code', async () => {
      const step = totpStep(secret, code, now);
      if (step === null) return null;
      // One conditional UPDATE: of copies sent together one is accepted, and a code used to sign in is spent here too.
      if (!(await acceptStep(db, key, step, now))) throw new ApiError('totp_code_already_used');
      return step;
    });
    return c.json(await addToSession(c, { type: 'totp', delivery_method: 'authenticator_app', last_authenticated_at: now.toISOString() }, body, now));
  });

  defineRoute(app, twoStepRoutes.recoveryCodeConfirm, sessionAuth(deps), async (c, { body }) => {
    const now = deps.clock();
    const userId = c.get('session').user_id;
    await keyOf(userId);
    await guess(deps, c, userId, now, 'invalid_recovery_code', async () =>
      (await useRecoveryCode(db, deps.otpHmacKey, userId, body.recovery_code, now)) ? true : null,
    );
    const factor: AuthenticationFactor = { type: 'recovery_code', delivery_method: 'recovery_code', last_authenticated_at: now.toISOString() };
    const response = await addToSession(c, factor, body, now);
    return c.json({ ...response, recovery_codes_remaining: await recoveryCodesRemaining(db, userId) });
  });
}
