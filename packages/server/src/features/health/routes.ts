import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { HealthResponseSchema } from '../openapi/schemas.js';

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>): void {
  defineRoute(
    app,
    { method: 'get', path: '/healthz', summary: 'Liveness check.', tag: 'Health', auth: 'none', response: HealthResponseSchema },
    (c) => c.json({ status: 'ok' as const }),
  );
}
