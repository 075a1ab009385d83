import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { lockedError } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { requireNoUnprovenPassword } from '../../kernel/account/unproven-account.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { ApiError } from '../../kernel/api-error.js';
import {
  ACCOUNT_WIDE,
  passwordFailureScope,
  releaseAttempt,
  reserveAttempt,
  userPasswordFailureScope,
  type FailureCounter,
} from '../../kernel/failure-counters.js';
import { revokeOtherSessions } from '../../kernel/sessions/sessions-store.js';
import { withUserLocked } from '../../kernel/account/add-way-in.js';
import { hashPassword } from '../../security/password-hash.js';
import { evaluatePassword } from './evaluate-password.js';
import { findPassword, setPassword, setResetRequired } from './passwords-store.js';
import { verifyStoredPassword } from './stored-password.js';

/**
 * The account page's password: set one, change it (with the current one, or a recent sign-in), or
 * remove it while another way in remains. A new password meets the policy and breach check of
 * sign-up. It counts as set with proof (kept when an email is proven later) only when the user has
 * a proven email: a password set with none proven is what kernel/users.ts proveEmail removes as
 * planted, and changing such a password keeps it so.
 */
export function registerAccountPasswordRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;
  const limits = config.rateLimits;

  /**
   * A current password is a guess at the account's password like a sign-in's, counted on the same
   * counters (each of the user's addresses, per client address and for all together) and locked
   * alike; a user with no email has counters of its own.
   */
  const checkCurrentPassword = async (c: Context<AppEnv>, userId: string, given: string, hash: string | undefined): Promise<void> => {
    const emails = await db.selectFrom('user_emails').select('email').where('user_id', '=', userId).execute();
    const scopes = emails.length > 0 ? emails.map((row) => passwordFailureScope(row.email)) : [userPasswordFailureScope(userId)];
    const counters: FailureCounter[] = scopes.flatMap((scope) => [
      { scope, client: c.get('clientIp'), rule: limits.passwordLockout },
      { scope, client: ACCOUNT_WIDE, rule: limits.passwordAccountLockout },
    ]);
    const now = deps.clock();
    // A flood's refusal (server_busy) must not count against the account as a wrong password.
    deps.heavyWork.admit();
    const reservation = await reserveAttempt(db, counters, now);
    if (!reservation.allowed) throw lockedError(reservation.lockedUntil, now);
    const right = hash !== undefined && (await deps.heavyWork.run(() => verifyStoredPassword(hash, given)));
    if (!right) {
      if (reservation.lockIfWrong) throw lockedError(reservation.lockIfWrong, now);
      throw new ApiError('invalid_current_password');
    }
    await releaseAttempt(db, counters);
  };

  defineRoute(app, accountRoutes.passwordSet, sessionAuth(deps), async (c, { body, ok }) => {
    const session = c.get('session');
    const userId = session.user_id;
    const current = await findPassword(db, userId);
    // The current password stands for a recent sign-in; without it the session must have one.
    if (body.current_password === undefined) requireRecentSignIn(session, deps.clock(), config.project.reauthenticationMinutes);
    else await checkCurrentPassword(c, userId, body.current_password, current?.hash);

    const first = await db.selectFrom('user_emails').select('email').where('user_id', '=', userId).orderBy('created_at').executeTakeFirst();
    const verdict = await evaluatePassword(deps, body.password, first?.email);
    if (!verdict.valid) throw new ApiError('weak_password');
    const hash = await deps.heavyWork.run(() => hashPassword(body.password, config.argon2));
    const now = deps.clock();
    // Written under the user's lock with the session read again: a reset or the owner's first proof
    // that ran while this hashed has ended the session (session_not_found), or replaced the password
    // that was checked (refused as a wrong current password), and nothing of it is written over.
    const signedOut = await withUserLocked(db, { userId, sessionId: session.session_id, now }, async (trx, live) => {
      if (body.current_password === undefined) requireRecentSignIn(live, now, config.project.reauthenticationMinutes);
      else if ((await findPassword(trx, userId))?.hash !== current?.hash) throw new ApiError('invalid_current_password');
      const proven = await trx.selectFrom('user_emails').select('email_id').where('user_id', '=', userId).where('verified', '=', true).executeTakeFirst();
      await setPassword(trx, userId, hash, Boolean(proven), now);
      await setResetRequired(trx, userId, false);
      return body.sign_out_other_devices ? revokeOtherSessions(trx, userId, session.session_id, now) : 0;
    });
    // Every instance has dropped the sessions signed out before the answer.
    if (signedOut > 0) await deps.sessions.settle();
    deps.log.info('Account updated', {
      request_id: c.get('requestId'),
      user_id: userId,
      change: current ? 'password_changed' : 'password_set',
      other_sessions_revoked: signedOut,
    });
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.passwordRemove, sessionAuth(deps), async (c, { ok }) => {
    const session = c.get('session');
    requireRecentSignIn(session, deps.clock(), config.project.reauthenticationMinutes);
    const userId = session.user_id;
    await requireNoUnprovenPassword(db, userId);
    await removeWayIn(
      deps,
      userId,
      async (trx) => Boolean(await trx.deleteFrom('user_passwords').where('user_id', '=', userId).returning('user_id').executeTakeFirst()),
      'no_user_password',
    );
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: userId, change: 'password_removed' });
    return ok(await accountUser(deps, userId));
  });
}
