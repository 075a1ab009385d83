import type { OpenAPIHono } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { validateBody } from '../../http/validate-body.js';
import { sessionDurationMinutes } from '../magic-links/durations.js';
import { OkResponseSchema, SessionAuthenticateRequestSchema, SessionResponseSchema, SessionRevokeRequestSchema } from '../openapi/schemas.js';
import { sessionResponse } from './session-response.js';
import { revokeSession, touchSession } from './sessions-store.js';

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const requireSession = sessionAuth(deps);

  defineRoute(
    app,
    {
      method: 'post',
      path: '/sdk/v1/sessions/authenticate',
      summary: 'Refresh the Bearer session: same session_token, a fresh session_jwt; with a duration the session then lasts that long from now.',
      tag: 'Sessions',
      auth: 'session',
      body: SessionAuthenticateRequestSchema,
      response: SessionResponseSchema,
    },
    requireSession,
    async (c) => {
      const body = validateBody(c, SessionAuthenticateRequestSchema);
      const duration =
        body.session_duration_minutes === undefined
          ? undefined
          : sessionDurationMinutes(deps.config.project, body.session_duration_minutes);
      const updated = await touchSession(deps.db, c.get('session').session_id, deps.clock(), duration);
      if (!updated) throw new ApiError(401, 'session_not_found');
      return c.json(await sessionResponse(deps, c.get('requestId'), updated, c.get('sessionToken')));
    },
  );

  defineRoute(
    app,
    {
      method: 'post',
      path: '/sdk/v1/sessions/revoke',
      summary: 'Revoke the Bearer session; its token stops working at once.',
      tag: 'Sessions',
      auth: 'session',
      body: SessionRevokeRequestSchema,
      response: OkResponseSchema,
    },
    requireSession,
    async (c) => {
      validateBody(c, SessionRevokeRequestSchema);
      const revoked = await revokeSession(deps.db, c.get('session').session_id, deps.clock());
      if (!revoked) throw new ApiError(401, 'session_not_found');
      return c.json({ status_code: 200 as const, request_id: c.get('requestId') });
    },
  );
}
