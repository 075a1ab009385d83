import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

/** What every answer carries: nosniff, so no browser reads a JSON body as HTML or script. */
export const NO_SNIFF = { 'X-Content-Type-Options': 'nosniff' } as const;

/** The caching of every answer whose route chose none: session tokens, outbox passcodes and user data never sit in a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * The caching of the public documents a browser or a relying party fetches before it starts
 * (discovery, the FedCM and WebAuthn well-known files): shared caches may keep them five minutes.
 */
export const PUBLIC_DOCUMENT = { 'Cache-Control': 'public, max-age=300' } as const;

/** NO_SNIFF on every answer, and NO_STORE unless the route chose its own caching (the JWKS does). */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(NO_SNIFF)) c.res.headers.set(name, value);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', NO_STORE['Cache-Control']);
  };
}
