import type { OpenAPIHono } from '@hono/zod-openapi';
import { userRoutes } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceClientLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { findUserEmail, getUser } from '../../kernel/users.js';

export function registerUserRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, userRoutes.me, sessionAuth(deps), async (c, { ok }) => {
    const user = await getUser(deps, c.get('session').user_id);
    if (!user) throw new ApiError('session_not_found');
    return ok(user);
  });

  defineRoute(app, userRoutes.search, async (c, { body, ok }) => {
    const email = normalizeEmail(body.email);
    await enforceClientLimit(deps, c, 'user-search', deps.config.rateLimits.userSearchPerIp);
    const row = await findUserEmail(deps.db, email);
    const hasPassword = row
      ? Boolean(await deps.db.selectFrom('user_passwords').select('user_id').where('user_id', '=', row.user_id).executeTakeFirst())
      : false;
    return ok({ userType: !row ? 'new' : hasPassword ? 'password' : 'passwordless' });
  });
}
