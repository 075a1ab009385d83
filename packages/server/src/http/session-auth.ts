import type { Context, MiddlewareHandler } from 'hono';
import type { SessionRow } from '../storage/database.js';
import { ApiError } from '../kernel/api-error.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { bearerToken } from './bearer.js';

/**
 * The live session of the Bearer token a call carries, for routes that take one optionally (a
 * sign-in that adds to it, a preflight that answers differently); null without one. tokenGiven
 * tells a stale token (session_not_found) from none at all (user_unauthenticated).
 */
export async function optionalSession(
  c: Context<AppEnv>,
  deps: AppDeps,
  now: Date = deps.clock(),
): Promise<{ session: SessionRow | null; tokenGiven: boolean }> {
  const token = bearerToken(c);
  const session = token ? ((await deps.sessions.find(token, now)) ?? null) : null;
  return { session, tokenGiven: token !== null };
}

/**
 * The live session of a session token, however it came (the Bearer header, FedCM's cookie): no token
 * is 401 user_unauthenticated; a token naming no live session (unknown, expired or revoked) is 401
 * session_not_found.
 */
export async function liveSession(deps: AppDeps, token: string | null | undefined): Promise<SessionRow> {
  if (!token) throw new ApiError('user_unauthenticated');
  const session = await deps.sessions.find(token, deps.clock());
  if (!session) throw new ApiError('session_not_found');
  return session;
}

/** Requires the live session of the Bearer token (liveSession). */
export function sessionAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    c.set('session', await liveSession(deps, token));
    // liveSession refused a missing one.
    c.set('sessionToken', token!);
    return next();
  };
}
