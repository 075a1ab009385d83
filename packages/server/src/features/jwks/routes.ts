import type { OpenAPIHono } from '@hono/zod-openapi';
import { serverRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { publishedKeys } from '../../kernel/keyring.js';

export function registerJwksRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, serverRoutes.jwks, async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ keys: await publishedKeys(deps.db) });
  });
}
