import type { OpenAPIHono } from '@hono/zod-openapi';
import { serverRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { ApiError } from '../../kernel/api-error.js';

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  // Liveness: the process runs and answers. A lost database is readiness's to say, not a reason to restart.
  defineRoute(app, serverRoutes.health, (c) => c.json({ status: 'ok' as const }));
  defineRoute(app, serverRoutes.ready, async (c) => {
    const problems = await deps.readiness.problems();
    if (problems.length > 0) throw new ApiError('not_ready', problems.join(' '));
    return c.json({ status: 'ready' as const, checks: { database: 'ok' as const, migrations: 'ok' as const, change_listener: 'ok' as const } });
  });
}
