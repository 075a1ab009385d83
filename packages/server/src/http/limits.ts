import type { Context } from 'hono';
import type { RateLimitRule } from '../config/server-config.js';
import { hitRateLimit } from '../security/rate-limit.js';
import { ApiError } from '../kernel/api-error.js';
import type { AppDeps, AppEnv } from './app-env.js';

/**
 * When to try again, for a person: in minutes from a minute on ('Please try again in 10 minutes.'),
 * in seconds below that. Minutes round up, so the wait said is never shorter than the real one.
 */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Counts `amount` hits against a rate-limit bucket; past the limit, 429 too_many_requests with
 * Retry-After. `what` says what there was too much of ('Too many magic links requested.'); the
 * message goes on with when to try again.
 */
export async function enforceRateLimit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'metrics'>,
  key: string,
  rule: RateLimitRule,
  what = 'Too many requests.',
  amount = 1,
): Promise<void> {
  const result = await hitRateLimit(deps.db, key, rule, deps.clock(), amount);
  if (!result.allowed) {
    deps.metrics.rateLimited(key);
    throw new ApiError('too_many_requests', `${what} ${tryAgainIn(result.retryAfterSeconds)}`, { 'Retry-After': String(result.retryAfterSeconds) });
  }
}

/**
 * enforceRateLimit on the caller's own count of `bucket`: the key is `${bucket}:ip:` and the
 * client's key (c.get('clientIp'): an IPv4 address or an IPv6 prefix, http/client-ip.ts), so each
 * client is limited apart under the one rule.
 */
export function enforceClientLimit(
  deps: Pick<AppDeps, 'db' | 'clock' | 'metrics'>,
  c: Context<AppEnv>,
  bucket: string,
  rule: RateLimitRule,
  what?: string,
  amount?: number,
): Promise<void> {
  return enforceRateLimit(deps, `${bucket}:ip:${c.get('clientIp')}`, rule, what, amount);
}

/** 429 user_lock_limit_reached with Retry-After until the lock ends. */
export function lockedError(until: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ApiError('user_lock_limit_reached', undefined, { 'Retry-After': String(seconds) });
}
