import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { listOutbox } from '../../delivery/outbox-sink.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { OutboxResponseSchema } from '../openapi/schemas.js';

/** GET /dev/outbox: registered only when the outbox is on (development). */
export function registerOutboxRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(
    app,
    {
      method: 'get',
      path: '/dev/outbox',
      summary: 'Development only: every email, SMS and WhatsApp message sent, newest first; ?to= filters by recipient.',
      tag: 'Development',
      auth: 'none',
      query: z.object({ to: z.string().optional() }),
      response: OutboxResponseSchema,
    },
    async (c) => {
      const to = c.req.query('to');
      return c.json({ messages: await listOutbox(deps.db, { to: to || undefined }) });
    },
  );
}
