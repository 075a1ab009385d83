import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-header.js';

const EXPOSED = ['X-Request-Id', 'Retry-After'];

/**
 * CORS for the configured browser origins only; preflight answered for the SDK's headers.
 * Preflights go to hono/cors. Other calls get their headers here, through c.header before the
 * route answers: hono/cors sets them on c.res before the route runs, which makes Hono copy every
 * answer into a new Response and the Node adapter stream it (a third of a session check's time).
 */
export function cors(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  const preflight = honoCors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'X-Public-Token', 'Authorization'],
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = requestHeader(c, 'Origin');
    if (origin && allowed.has(origin)) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', EXPOSED.join(','));
    }
    c.header('Vary', 'Origin', { append: true });
    await next();
  };
}
