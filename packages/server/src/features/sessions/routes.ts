import type { OpenAPIHono } from '@hono/zod-openapi';
import { sessionRoutes, SessionAuthenticateRequestSchema, SessionRevokeRequestSchema } from '@vestibule/contract';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { validateBody } from '../../http/validate-body.js';
import { sessionDurationMinutes } from '../../kernel/durations.js';
import { sessionJwtFor, sessionResponse } from '../../kernel/sessions/session-response.js';
import { revokeSession } from '../../kernel/sessions/sessions-store.js';

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const requireSession = sessionAuth(deps);
  // A check may answer a session JWT signed up to this long ago (kernel/sessions/live-sessions.ts):
  // a tenth of its lifetime, at most 30 s, so an answered JWT has at least 90% of its life left.
  const jwtReuseMs = Math.min(30_000, (deps.config.project.sessionJwtMinutes * 60_000) / 10);

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
      const now = deps.clock();
      const updated = await deps.sessions.touch(c.get('session'), token, now, duration);
      if (!updated) throw new ApiError('session_not_found');
      const { kid } = await deps.keyring.active();
      const sessionJwt = await deps.sessions.sessionJwt(updated, now, kid, jwtReuseMs, () => sessionJwtFor(deps, updated, now));
      return c.json(await sessionResponse(deps, c.get('requestId'), updated, token, { user: await deps.sessions.user(updated.user_id), sessionJwt }));
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
      await deps.sessions.settle();
      return c.json({ status_code: 200 as const, request_id: c.get('requestId') });
    },
  );
}
