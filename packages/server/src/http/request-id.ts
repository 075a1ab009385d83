import type { MiddlewareHandler } from 'hono';
import { newId } from '../security/random-token.js';
import type { AppEnv } from './app-env.js';

/** Gives every request an id, returned in the X-Request-Id header of every response. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = newId('request');
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  };
}
