import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { accountUser } from '../../kernel/account/account-user.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { removeWayIn } from '../../kernel/account/ways-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { retireMethodSecrets } from '../../kernel/one-time-secrets.js';

/**
 * The account page's emails that need no passcode: making a verified one primary and removing one.
 * Adding one (a passcode sent to it) is the otps feature's (features/otps/account-routes.ts).
 */
export function registerEmailRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, accountRoutes.emailPrimary, sessionAuth(deps), async (c, { body, ok }) => {
    const userId = c.get('session').user_id;
    const email = await db
      .selectFrom('user_emails')
      .select(['email_id', 'verified'])
      .where('email_id', '=', body.email_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!email) throw new ApiError('email_not_found');
    if (!email.verified) throw new ApiError('unverified_email');
    await db.updateTable('users').set({ primary_email_id: email.email_id }).where('user_id', '=', userId).execute();
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: userId, change: 'email_made_primary', email_id: email.email_id });
    return ok(await accountUser(deps, userId));
  });

  defineRoute(app, accountRoutes.emailRemove, sessionAuth(deps), async (c, { body, ok }) => {
    const session = c.get('session');
    const now = deps.clock();
    requireRecentSignIn(session, now, deps.config.project.reauthenticationMinutes);
    const userId = session.user_id;
    await removeWayIn(
      deps,
      userId,
      async (trx) => {
        const removed = await trx
          .deleteFrom('user_emails')
          .where('email_id', '=', body.email_id)
          .where('user_id', '=', userId)
          .returning('email_id')
          .executeTakeFirst();
        if (removed) await retireMethodSecrets(trx, userId, removed.email_id, now);
        return Boolean(removed);
      },
      'email_not_found',
    );
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: userId, change: 'email_removed', email_id: body.email_id });
    return ok(await accountUser(deps, userId));
  });
}
