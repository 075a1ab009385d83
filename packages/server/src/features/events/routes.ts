import type { OpenAPIHono } from '@hono/zod-openapi';
import { eventRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { enforceClientLimit } from '../../http/limits.js';

export function registerEventRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, eventRoutes.log, async (c, { body: { events }, ok }) => {
    // Every event counts: a client cannot fill the table by sending large batches fast.
    await enforceClientLimit(deps, c, 'events', deps.config.rateLimits.eventsPerIp, 'Too many events from this client.', events.length);
    const receivedAt = deps.clock();
    await deps.db
      .insertInto('events')
      .values(
        events.map((event) => ({
          event_id: event.event_id,
          name: event.name,
          occurred_at: new Date(event.timestamp),
          details: JSON.stringify(event.details),
          received_at: receivedAt,
          request_id: c.get('requestId'),
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
    return ok();
  });
}
