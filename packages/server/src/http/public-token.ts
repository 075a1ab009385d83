import type { MiddlewareHandler } from 'hono';
import { constantTimeEqual } from '../security/constant-time.js';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

/** Every /sdk/v1 call must name the project with its X-Public-Token header. */
export function publicToken(expected: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('X-Public-Token');
    if (!given || !constantTimeEqual(given, expected)) throw new ApiError('invalid_public_token');
    return next();
  };
}
