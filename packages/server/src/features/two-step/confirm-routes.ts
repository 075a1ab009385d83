import type { OpenAPIHono } from '@hono/zod-openapi';
import { twoStepRoutes, type AuthenticationFactor, type SessionResponse } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { signInClient } from '../../http/sign-in-client.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { guess, totpCodeOf } from './guesses.js';
import { recoveryCodesRemaining, useRecoveryCode } from './recovery-codes-store.js';
import { keyThatIsOn, secondStepFactor, spendAppCode } from './second-step.js';
import { keySecret } from './totp-keys-store.js';

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

  /** The factor added to the asking session (its Bearer token), as a sign-in with it would add it: a real proof, not one attached. */
  async function addToSession(
    c: Context<AppEnv>,
    factor: AuthenticationFactor,
    body: { session_duration_minutes?: number },
    now: Date,
  ): Promise<SessionResponse> {
    return completeSignIn(deps, {
      requestId: c.get('requestId'),
      client: signInClient(c),
      bearerToken: bearerToken(c),
      userId: c.get('session').user_id,
      factors: [factor],
      ...requestedSession(config.project, body),
      now,
      addOnly: true,
    });
  }

  defineRoute(app, twoStepRoutes.totpConfirm, sessionAuth(deps), async (c, { body }) => {
    const now = deps.clock();
    const code = totpCodeOf(body.code);
    const userId = c.get('session').user_id;
    const key = await keyThatIsOn(db, userId);
    const secret = await keySecret(key, deps.secretBoxKey);
    await guess(deps, c, userId, now, 'invalid_totp_code', () => spendAppCode(db, key, secret, code, now));
    return c.json(await addToSession(c, secondStepFactor('totp', now), body, now));
  });

  defineRoute(app, twoStepRoutes.recoveryCodeConfirm, sessionAuth(deps), async (c, { body }) => {
    const now = deps.clock();
    const userId = c.get('session').user_id;
    await keyThatIsOn(db, userId);
    await guess(deps, c, userId, now, 'invalid_recovery_code', async () =>
      (await useRecoveryCode(db, deps.otpHmacKey, userId, body.recovery_code, now)) ? true : null,
    );
    const response = await addToSession(c, secondStepFactor('recovery_code', now), body, now);
    return c.json({ ...response, recovery_codes_remaining: await recoveryCodesRemaining(db, userId) });
  });
}
