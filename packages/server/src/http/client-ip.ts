import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from './app-env.js';

/**
 * The caller's IP: the socket's address under @hono/node-server, or the first X-Forwarded-For
 * entry when the server sits behind a trusted proxy (trustProxy). 'unknown' when neither exists
 * (e.g. app.fetch called directly).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
