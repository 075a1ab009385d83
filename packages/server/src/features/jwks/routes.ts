import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { publishedKeys } from '../../security/signing-keys.js';
import { JwksResponseSchema } from '../openapi/schemas.js';

export function registerJwksRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    {
      method: 'get',
      path: '/.well-known/jwks.json',
      summary: 'Public keys that verify session JWTs (every key not yet retired).',
      tag: 'Keys',
      auth: 'none',
      response: JwksResponseSchema,
    },
    async (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ keys: await publishedKeys(deps.db) });
    },
  );
}
