import type { OpenAPIHono } from '@hono/zod-openapi';
import { serverRoutes } from '@vestibule/contract';
import type { AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>): void {
  defineRoute(app, serverRoutes.health, (c) => c.json({ status: 'ok' as const }));
}
