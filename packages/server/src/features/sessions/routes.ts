import type { OpenAPIHono } from '@hono/zod-openapi';
import { sessionRoutes, SessionAuthenticateRequestSchema, SessionRevokeRequestSchema } from '@vestibule/contract';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { validateBody } from '../../http/validate-body.js';
import { sessionDurationMinutes } from '../../kernel/durations.js';
import { sessionResponse } from '../../kernel/sessions/session-response.js';
import { revokeSession } from '../../kernel/sessions/sessions-store.js';

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const requireSession = sessionAuth(deps);

  defineRoute(
    app,
    sessionRoutes.authenticate,
    requireSession,
    async (c) => {
      const body = validateBody(c, SessionAuthenticateRequestSchema);
      const duration =
        body.session_duration_minutes === undefined
          ? undefined
          : sessionDurationMinutes(deps.config.project, body.session_duration_minutes);
      const token = c.get('sessionToken');
      const updated = await deps.sessions.touch(c.get('session'), token, deps.clock(), duration);
      if (!updated) throw new ApiError('session_not_found');
      return c.json(await sessionResponse(deps, c.get('requestId'), updated, token, await deps.sessions.user(updated.user_id)));
    },
  );

  defineRoute(
    app,
    sessionRoutes.revoke,
    requireSession,
    async (c) => {
      validateBody(c, SessionRevokeRequestSchema);
      const revoked = await revokeSession(deps.db, c.get('session').session_id, deps.clock());
      if (!revoked) throw new ApiError('session_not_found');
      return c.json({ status_code: 200 as const, request_id: c.get('requestId') });
    },
  );
}
