import type { OpenAPIHono } from '@hono/zod-openapi';
import { twoStepRoutes } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { withUserLocked } from '../../kernel/account/add-way-in.js';
import { requireRecentSignIn, requireRecentSignInWithSecondStep } from '../../kernel/account/recent-sign-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { newKey, turnOn, type Writes } from './enrolment.js';
import { endUserIntermediateSessions } from './intermediate-sessions.js';
import { replaceRecoveryCodes } from './recovery-codes-store.js';
import { keyThatIsOn } from './second-step.js';
import { deleteKey } from './totp-keys-store.js';

/**
 * The account page's part: adding the app, turning it off, new recovery codes. Each needs a
 * recent sign-in: an app added with a stolen session would lock its owner out of their next
 * sign-in. Turning it off and new recovery codes need more, a recent second step (a code from the
 * app, a recovery code, a passkey: confirm-routes.ts): a first factor signed in again on the same
 * session (a password someone knows) would otherwise lift the second step for good, or swap the
 * owner's recovery codes for the holder's. The writes lock the user's row and read the session
 * again (withUserLocked), so a reset that ends every session runs wholly before them (and they are
 * refused) or after.
 */
export function registerAccountRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db, config } = deps;
  const recentMinutes = config.project.reauthenticationMinutes;

  /**
   * The change's writes, for the asking session while it is live and recent; `secondStep`: and,
   * while the app is on (off, the change answers totp_not_enabled), with a recent second step.
   */
  function locked(c: Context<AppEnv>, now: Date, secondStep = false): Writes {
    const session = c.get('session');
    return (write) =>
      withUserLocked(db, { userId: session.user_id, sessionId: session.session_id, now }, async (trx, current) => {
        if (secondStep) await requireRecentSignInWithSecondStep({ db: trx, secondSteps: deps.secondSteps }, current, now, recentMinutes);
        else requireRecentSignIn(current, now, recentMinutes);
        return write(trx);
      });
  }

  const changed = (c: Context<AppEnv>, change: string) =>
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: c.get('session').user_id, change });

  defineRoute(app, twoStepRoutes.accountTotpCreate, sessionAuth(deps), async (c, { ok }) => {
    const now = deps.clock();
    requireRecentSignIn(c.get('session'), now, recentMinutes);
    return ok(await newKey(deps, c.get('session').user_id, now, locked(c, now)));
  });

  defineRoute(app, twoStepRoutes.accountTotpEnrol, sessionAuth(deps), async (c, { body, ok }) => {
    const now = deps.clock();
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), now, recentMinutes);
    const recoveryCodes = await turnOn(deps, c, { userId, typedCode: body.code, now }, locked(c, now));
    changed(c, 'two_step_turned_on');
    return ok({ ...(await accountUser(deps, userId)), recovery_codes: recoveryCodes });
  });

  defineRoute(app, twoStepRoutes.accountTurnOff, sessionAuth(deps), async (c, { ok }) => {
    const now = deps.clock();
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), now, recentMinutes);
    if (config.project.mfa === 'required') throw new ApiError('totp_required');
    const turnedOff = await locked(
      c,
      now,
      true,
    )(async (trx) => {
      const deleted = await deleteKey(trx, userId);
      if (deleted) await endUserIntermediateSessions(trx, userId, now);
      return deleted;
    });
    if (!turnedOff) throw new ApiError('totp_not_enabled');
    changed(c, 'two_step_turned_off');
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, twoStepRoutes.accountRecoveryCodes, sessionAuth(deps), async (c, { ok }) => {
    const now = deps.clock();
    const userId = c.get('session').user_id;
    requireRecentSignIn(c.get('session'), now, recentMinutes);
    const recoveryCodes = await locked(
      c,
      now,
      true,
    )(async (trx) => {
      await keyThatIsOn(trx, userId);
      return replaceRecoveryCodes(trx, deps.otpHmacKey, userId, now);
    });
    changed(c, 'recovery_codes_replaced');
    return ok({ recovery_codes: recoveryCodes });
  });
}
