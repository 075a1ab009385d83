import type { OpenAPIHono } from '@hono/zod-openapi';
import { accountRoutes, type DeviceSession } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { sessionAuth } from '../../http/session-auth.js';
import { requireRecentSignIn } from '../../kernel/account/recent-sign-in.js';
import { ApiError } from '../../kernel/api-error.js';
import { revokeOtherSessions } from '../../kernel/sessions/sessions-store.js';
import type { SessionRow } from '../../storage/database.js';
import { liveSessionsOf } from './live-sessions-of.js';
import { describeUserAgent } from './user-agent.js';

function toDevice(row: SessionRow, currentId: string): DeviceSession {
  const device = describeUserAgent(row.user_agent);
  return {
    session_id: row.session_id,
    current: row.session_id === currentId,
    browser: device.browser,
    os: device.os,
    device_type: device.deviceType,
    user_agent: row.user_agent,
    ip_address: row.ip_address,
    sign_in_methods: [...new Set(row.authentication_factors.map((factor) => factor.type))],
    started_at: row.started_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
  };
}

/**
 * The account page's signed-in devices: the user's live sessions (not revoked, not expired, within
 * their absolute lifetime), newest activity first, and signing one or all the others out. Only the
 * caller's own user's sessions are found: another's id is device_not_found. A revoked session is
 * settled (every instance has dropped it) before the answer.
 */
export function registerDeviceRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;

  defineRoute(app, accountRoutes.sessions, sessionAuth(deps), async (c, { ok }) => {
    const session = c.get('session');
    const now = deps.clock();
    const rows = await liveSessionsOf(db, session.user_id, now, deps.config.project.maxSessionAgeMinutes);
    return ok({ sessions: rows.map((row) => toDevice(row, session.session_id)) });
  });

  defineRoute(app, accountRoutes.sessionRevoke, sessionAuth(deps), async (c, { body, ok }) => {
    const session = c.get('session');
    const now = deps.clock();
    requireRecentSignIn(session, now, deps.config.project.reauthenticationMinutes);
    const revoked = await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('session_id', '=', body.session_id)
      .where('user_id', '=', session.user_id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) === 0) throw new ApiError('device_not_found');
    await deps.sessions.settle();
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: session.user_id, change: 'session_revoked', session_id: body.session_id });
    return ok();
  });

  defineRoute(app, accountRoutes.sessionRevokeOthers, sessionAuth(deps), async (c, { ok }) => {
    const session = c.get('session');
    const now = deps.clock();
    requireRecentSignIn(session, now, deps.config.project.reauthenticationMinutes);
    const revoked = await revokeOtherSessions(db, session.user_id, session.session_id, now);
    if (revoked > 0) await deps.sessions.settle();
    deps.log.info('Account updated', { request_id: c.get('requestId'), user_id: session.user_id, change: 'other_sessions_revoked', revoked });
    return ok({ revoked });
  });
}
