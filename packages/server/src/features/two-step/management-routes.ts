import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementTwoStepRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { endUserIntermediateSessions } from './intermediate-sessions.js';
import { deleteKey } from './totp-keys-store.js';

/**
 * The operator's reset (POST /v1/users/{user_id}/two_step/reset), for someone who lost both their
 * authenticator app and their recovery codes: the key and the codes go as when the person turns it
 * off (deleteKey), and so do sign-ins held for the second step, which the removed key could no
 * longer finish. Their next sign-in is one step, or, where the project requires two-step
 * verification, asks them to add an app (the hold does that on its own). It is done under the
 * user's lock, as the account page's changes are, and recorded with who did it.
 */
export function registerManagementRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, managementTwoStepRoutes.reset, async (c, { params, ok }) => {
    const now = deps.clock();
    await deps.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('user_id').where('user_id', '=', params.user_id).forUpdate().executeTakeFirst();
      if (!user) throw new ApiError('user_not_found');
      if (!(await deleteKey(trx, user.user_id))) throw new ApiError('totp_not_enabled');
      await endUserIntermediateSessions(trx, user.user_id, now);
      await recordEvent(trx, { type: 'operator.action', userId: user.user_id, data: { action: 'two_step.reset' }, actor: actorOf(c.get('operator')) }, now);
    });
    return ok();
  });
}
