import type { OpenAPIHono } from '@hono/zod-openapi';
import { managementSessionRoutes, type ManagedSession } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { actorOf } from '../../http/management-auth.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { endUserSignIns, toSession } from '../../kernel/sessions/sessions-store.js';
import type { SessionRow } from '../../storage/database.js';
import { liveSessionsOf } from './live-sessions-of.js';
import { describeUserAgent } from './user-agent.js';

function toManagedSession(row: SessionRow): ManagedSession {
  const device = describeUserAgent(row.user_agent);
  const session = toSession(row);
  return {
    session_id: row.session_id,
    user_agent: row.user_agent,
    browser: device.browser,
    os: device.os,
    device_type: device.deviceType,
    ip_address: row.ip_address,
    started_at: session.started_at,
    last_accessed_at: session.last_accessed_at,
    expires_at: session.expires_at,
    authentication_factors: session.authentication_factors,
  };
}

/**
 * The management API's sessions: a user's live ones, and revoking one or all of a user's. A
 * revocation is settled (every instance has dropped the sessions) before the answer, so a revoked
 * token is refused everywhere from then on. Revoking all of a user's also ends their sign-ins under
 * way (users.ways_in_ended_at, as 'sign out of all other devices' does): a first step held for its
 * second, or a password being checked, makes no session after it.
 */
export function registerManagementSessionRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, managementSessionRoutes.list, async (_c, { params, ok }) => {
    const user = await db.selectFrom('users').select('user_id').where('user_id', '=', params.user_id).executeTakeFirst();
    if (!user) throw new ApiError('user_not_found');
    const rows = await liveSessionsOf(db, user.user_id, deps.clock(), deps.config.project.maxSessionAgeMinutes);
    return ok({ sessions: rows.map(toManagedSession) });
  });

  defineRoute(app, managementSessionRoutes.revoke, async (c, { body, ok }) => {
    const now = deps.clock();
    const actor = actorOf(c.get('operator'));
    const revoked = await db.transaction().execute(async (trx) => {
      if (body.session_id !== undefined) {
        const session = await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('session_id', '=', body.session_id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!session) throw new ApiError('session_id_not_found');
        await recordEvent(
          trx,
          { type: 'operator.action', userId: session.user_id, data: { action: 'session.revoke', session_id: body.session_id }, actor },
          now,
        );
        return 1;
      }
      const userId = body.user_id!;
      const count = await endUserSignIns(trx, userId, null, now);
      if (count === null) throw new ApiError('user_not_found');
      await recordEvent(trx, { type: 'operator.action', userId, data: { action: 'session.revoke_all', revoked: count }, actor }, now);
      return count;
    });
    if (revoked > 0) await deps.sessions.settle();
    return ok({ revoked });
  });
}
