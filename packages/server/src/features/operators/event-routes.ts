import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementEventRoutes, type AuditEvent } from '@vestibule/contract';
import type { Selectable } from 'kysely';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AuditEventsTable } from '../../storage/database.js';

/** A cursor is the last event's position, base64url: opaque to callers, who only hand it back. */
const cursorOf = (seq: string) => Buffer.from(`e:${seq}`).toString('base64url');

/** A cursor's position; invalid_cursor for what cursorOf does not write (another form, another encoding of one). */
function positionOf(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString();
  // A position fits PostgreSQL's bigint: 18 digits always do.
  if (!/^e:[1-9]\d{0,17}$/.test(text) || cursorOf(text.slice(2)) !== cursor) throw new ApiError('invalid_cursor');
  return text.slice(2);
}

const toEvent = (row: Selectable<AuditEventsTable>): AuditEvent => ({
  event_id: row.event_id,
  type: row.type as AuditEvent['type'],
  user_id: row.user_id,
  occurred_at: row.occurred_at.toISOString(),
  data: row.data,
  actor: row.actor as AuditEvent['actor'],
});

export function registerEventRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, managementEventRoutes.list, async (_c, { query, ok }) => {
    let select = deps.db.selectFrom('audit_events').selectAll();
    if (query.user_id) select = select.where('user_id', '=', query.user_id);
    if (query.type) select = select.where('type', 'in', query.type);
    if (query.since) select = select.where('occurred_at', '>=', new Date(query.since));
    if (query.until) select = select.where('occurred_at', '<', new Date(query.until));
    if (query.cursor) select = select.where('seq', '<', positionOf(query.cursor));
    // One more than asked tells whether another page follows.
    const rows = await select
      .orderBy('seq', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    return ok({ events: page.map(toEvent), next_cursor: rows.length > query.limit ? cursorOf(page.at(-1)!.seq) : null });
  });
}
