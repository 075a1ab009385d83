import type { Context, MiddlewareHandler } from 'hono';
import { findLiveSession } from '../kernel/sessions/sessions-store.js';
import { ApiError } from './api-error.js';
import type { AppDeps, AppEnv } from './app-env.js';

/** The token of `Authorization: Bearer <token>`, or null when the header is absent or empty. */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Requires a live session: no token is 401 user_unauthenticated; a token naming no live session
 * (unknown, expired or revoked) is 401 session_not_found.
 */
export function sessionAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw new ApiError('user_unauthenticated');
    const session = await findLiveSession(deps.db, token, deps.clock());
    if (!session) throw new ApiError('session_not_found');
    c.set('session', session);
    c.set('sessionToken', token);
    return next();
  };
}
