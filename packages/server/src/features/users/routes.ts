import type { OpenAPIHono } from '@hono/zod-openapi';
import { userRoutes, UserSearchRequestSchema } from '@vestibule/contract';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceRateLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import type { UserSearchResponse } from '@vestibule/contract';
import { validateBody } from '../../http/validate-body.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { findUserEmail, getUser } from '../../kernel/users.js';

export function registerUserRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    userRoutes.me,
    sessionAuth(deps),
    async (c) => {
      const user = await getUser(deps.db, c.get('session').user_id);
      if (!user) throw new ApiError('session_not_found');
      return c.json({ ...user, status_code: 200 as const, request_id: c.get('requestId') });
    },
  );

  defineRoute(
    app,
    userRoutes.search,
    async (c) => {
      const body = validateBody(c, UserSearchRequestSchema);
      const email = normalizeEmail(body.email);
      await enforceRateLimit(deps, `user-search:ip:${c.get('clientIp')}`, deps.config.rateLimits.userSearchPerIp);
      const row = await findUserEmail(deps.db, email);
      const hasPassword = row ? Boolean(await deps.db.selectFrom('user_passwords').select('user_id').where('user_id', '=', row.user_id).executeTakeFirst()) : false;
      const response: UserSearchResponse = {
        status_code: 200,
        request_id: c.get('requestId'),
        userType: !row ? 'new' : hasPassword ? 'password' : 'passwordless',
      };
      return c.json(response);
    },
  );
}
