import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/**
 * Every answer: nosniff, so no browser reads a JSON body as HTML or script. And no-store unless the
 * route chose its own caching (the JWKS does): session tokens, passcodes in the outbox and user
 * data must never sit in a browser or proxy cache.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}
