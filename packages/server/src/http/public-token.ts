import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-header.js';

/**
 * 401 invalid_public_token unless `given` is the project's public token. A plain comparison: the
 * public token is no secret (every host page carries it), so there is nothing for timing to leak,
 * and hashing both sides on every call of every route was a visible part of a session check.
 */
export function requirePublicToken(given: string | undefined, expected: string): void {
  if (given !== expected) throw new ApiError('invalid_public_token');
}

/** Every /sdk/v1 call must name the project with its X-Public-Token header. */
export function publicToken(expected: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requirePublicToken(requestHeader(c, 'X-Public-Token'), expected);
    return next();
  };
}
