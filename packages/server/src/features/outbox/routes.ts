import type { OpenAPIHono } from '@hono/zod-openapi';
import { outboxRoutes } from '@vestibule/contract';
import { z } from '@hono/zod-openapi';
import { listOutbox } from '../../delivery/outbox-sink.js';
import { ApiError } from '../../http/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { isLoopback } from '../../http/client-ip.js';
import { defineRoute } from '../../http/define-route.js';

/**
 * GET /dev/outbox: registered only when the outbox is on (development), and answered only to
 * loopback clients: it holds live passcodes and sign-in links, so a development server reachable
 * from a network must not hand them out.
 */
export function registerOutboxRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    outboxRoutes.list,
    async (c) => {
      if (!isLoopback(c.get('clientIp'))) {
        throw new ApiError('forbidden', 'The development outbox is served only to this machine (a loopback address).');
      }
      const to = c.req.query('to');
      return c.json({ messages: await listOutbox(deps.db, { to: to || undefined }) });
    },
  );
}
