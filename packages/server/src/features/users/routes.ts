import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { UserResponseSchema } from '../openapi/schemas.js';
import { getUser } from './users-store.js';

export function registerUserRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    { method: 'get', path: '/sdk/v1/users/me', summary: 'The signed-in user.', tag: 'Users', auth: 'session', response: UserResponseSchema },
    sessionAuth(deps),
    async (c) => {
      const user = await getUser(deps.db, c.get('session').user_id);
      if (!user) throw new ApiError(401, 'session_not_found');
      return c.json({ ...user, status_code: 200 as const, request_id: c.get('requestId') });
    },
  );
}
