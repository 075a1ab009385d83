import type { OpenAPIHono } from '@hono/zod-openapi';
import { sessionRoutes } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { sessionDurationMinutes } from '../../kernel/durations.js';
import { revokeSession } from '../../kernel/sessions/sessions-store.js';
import { answerCheck } from './check.js';
import { LOGGED_IN, LOGGED_OUT } from '../../http/login-status.js';

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const requireSession = sessionAuth(deps);

  // Served by Node's listener first (check-hot-path.ts); this route answers what the hot path hands on.
  defineRoute(app, sessionRoutes.authenticate, requireSession, async (c, { body }) => {
    const durationMinutes =
      body.session_duration_minutes === undefined ? undefined : sessionDurationMinutes(deps.config.project, body.session_duration_minutes);
    const answer = await answerCheck(deps, { session: c.get('session'), token: c.get('sessionToken'), durationMinutes, requestId: c.get('requestId') });
    if (answer === null) throw new ApiError('session_not_found');
    return c.body(answer, 200, { 'Content-Type': 'application/json', ...LOGGED_IN });
  });

  defineRoute(
    app,
    sessionRoutes.revoke,
    requireSession,
    // Its body has no fields: defineRoute refuses any it names (400 bad_request).
    async (c, { ok }) => {
      const revoked = await revokeSession(deps.db, c.get('session').session_id, deps.clock());
      if (!revoked) throw new ApiError('session_not_found');
      await deps.sessions.settle();
      // Nobody is signed in on this browser now: FedCM shows no account (http/login-status.ts).
      c.header('Set-Login', LOGGED_OUT['Set-Login']);
      return ok();
    },
  );
}
