import type { OpenAPIHono } from '@hono/zod-openapi';
import { exampleCodeRoutes, type AuthenticationFactor } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { bearerToken } from '../../http/bearer.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceClientLimit } from '../../http/limits.js';
import { sessionAuth } from '../../http/session-auth.js';
import { signInClient } from '../../http/sign-in-client.js';
import { ApiError } from '../../kernel/api-error.js';
import { requestedSession } from '../../kernel/durations.js';
import { completeSignIn } from '../../kernel/sessions/complete-sign-in.js';
import { createExampleCode, exampleCodeUser } from './codes.js';

export function registerExampleCodeRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { config, db } = deps;

  defineRoute(app, exampleCodeRoutes.create, sessionAuth(deps), async (c, { ok }) => {
    await enforceClientLimit(deps, c, 'example-code', config.rateLimits.exampleCodePerIp);
    const code = await createExampleCode(db, c.get('session').user_id, config.project.exampleCodeLifetimeMinutes, deps.clock());
    return ok({ code });
  });

  defineRoute(app, exampleCodeRoutes.authenticate, async (c, { body }) => {
    await enforceClientLimit(deps, c, 'example-code', config.rateLimits.exampleCodePerIp);
    const duration = requestedSession(config.project, body);
    const now = deps.clock();
    const userId = await exampleCodeUser(db, body.code, now);
    if (!userId) throw new ApiError('unable_to_auth_example_code');
    const factor: AuthenticationFactor = { type: 'example_code', delivery_method: 'knowledge', last_authenticated_at: now.toISOString() };
    return c.json(
      await completeSignIn(deps, {
        requestId: c.get('requestId'),
        client: signInClient(c),
        bearerToken: bearerToken(c),
        userId,
        factors: [factor],
        ...duration,
        now,
      }),
    );
  });
}
