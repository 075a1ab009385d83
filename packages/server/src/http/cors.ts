import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-header.js';

const EXPOSED = ['X-Request-Id', 'Retry-After'];

/**
 * CORS for the configured browser origins only; preflight answered for the SDK's headers. Paths
 * listed in `elsewhere` (prefixes) get none from here: left to the middleware of the feature that
 * owns them, or to no one (the management API, which answers its own origin only).
 * Preflights go to hono/cors. Other calls get their headers here, through c.header before the
 * route answers: hono/cors sets them on c.res before the route runs, which makes Hono copy every
 * answer into a new Response and the Node adapter stream it (a third of a session check's time).
 */
export function cors(allowedOrigins: string[], elsewhere: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  const answerHeaders = corsAnswerHeaders(allowedOrigins);
  const preflight = honoCors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'X-Public-Token', 'Authorization'],
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
  return async (c, next) => {
    // Paths whose CORS a feature answers itself (Feature.cors).
    if (elsewhere.length > 0 && elsewhere.some((prefix) => c.req.path.startsWith(prefix))) return next();
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    for (const [name, value] of Object.entries(answerHeaders(requestHeader(c, 'Origin')))) c.header(name, value, { append: name === 'Vary' });
    await next();
  };
}

/** The CORS headers of an answer (not a preflight) to a call from `origin`: what the middleware and the hot paths (http/node-listener.ts) set. */
export function corsAnswerHeaders(allowedOrigins: string[]): (origin: string | undefined) => Record<string, string> {
  const allowed = new Set(allowedOrigins);
  const exposed = EXPOSED.join(',');
  return (origin): Record<string, string> =>
    origin && allowed.has(origin) ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': exposed, Vary: 'Origin' } : { Vary: 'Origin' };
}
