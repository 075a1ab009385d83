import type { OpenAPIHono } from '@hono/zod-openapi';
import { outboxRoutes } from '@vestibule/contract';
import { listOutbox } from '../../delivery/outbox-sink.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';

/**
 * GET /dev/outbox: registered only when the outbox is on (development). It holds live passcodes
 * and sign-in links, so like every route under /dev/ it answers this machine only
 * (http/this-machine.ts, applied by createApp).
 */
export function registerOutboxRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, outboxRoutes.list, async (c, { query }) => c.json({ messages: await listOutbox(deps.db, { to: query.to || undefined }) }));
}
