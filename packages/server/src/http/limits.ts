import type { RateLimitRule } from '../config/server-config.js';
import { hitRateLimit } from '../security/rate-limit.js';
import { ApiError } from './api-error.js';
import type { AppDeps } from './app-env.js';

/**
 * Counts `amount` hits against a rate-limit bucket; past the limit, 429 too_many_requests with
 * Retry-After. `message` words the refusal for the route (it gets the seconds to wait).
 */
export async function enforceRateLimit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  key: string,
  rule: RateLimitRule,
  message: (seconds: number) => string = (seconds) => `Too many requests. Please try again in ${seconds} seconds.`,
  amount = 1,
): Promise<void> {
  const result = await hitRateLimit(deps.db, key, rule, deps.clock(), amount);
  if (!result.allowed) {
    throw new ApiError('too_many_requests', message(result.retryAfterSeconds), { 'Retry-After': String(result.retryAfterSeconds) });
  }
}

/** 429 user_lock_limit_reached with Retry-After until the lock ends. */
export function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('user_lock_limit_reached', undefined, { 'Retry-After': String(seconds) });
}
