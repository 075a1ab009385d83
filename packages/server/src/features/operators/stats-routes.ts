import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementStatsRoutes } from '@vestibule/contract';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a time in UTC. */
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

export function registerStatsRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, managementStatsRoutes.signIns, async (_c, { query, ok }) => {
    const now = deps.clock();
    const first = new Date(Date.parse(dayOf(now)) - (query.days - 1) * DAY_MS);
    const day = sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`;
    // A session's method is its first factor: a second step (an app's code) is not another sign-in.
    const method = sql<string | null>`case when type = 'session.created' then data->'authentication_factors'->0->>'type' end`;
    const rows = await deps.db
      .selectFrom('audit_events')
      .select([day.as('day'), method.as('method'), sql<string>`count(*)`.as('count')])
      .where('type', 'in', ['session.created', 'sign_in.failed', 'sign_in.locked'])
      .where('occurred_at', '>=', first)
      .groupBy([day, method])
      .execute();
    const days = Array.from({ length: query.days }, (_, index) => ({
      date: dayOf(new Date(first.getTime() + index * DAY_MS)),
      sign_ins: {} as Record<string, number>,
      failures: 0,
    }));
    const byDate = new Map(days.map((entry) => [entry.date, entry]));
    for (const row of rows) {
      const entry = byDate.get(row.day);
      if (!entry) continue;
      if (row.method === null) entry.failures += Number(row.count);
      else entry.sign_ins[row.method] = Number(row.count);
    }
    return ok({ days });
  });
}
