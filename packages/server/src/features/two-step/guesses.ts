import type { ErrorType } from '@vestibule/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { lockedError } from '../../http/limits.js';
import { ApiError } from '../../kernel/api-error.js';
import { ACCOUNT_WIDE, releaseAttempt, reserveAttempt, type FailureCounter } from '../../kernel/failure-counters.js';
import { alertOwner } from './lock-alert.js';

/** The scope of a user's wrong second-step codes (the app's and recovery codes together). */
const twoStepFailureScope = (userId: string) => `two-step:${userId}`;

/** A 6-digit code from the app as typed (spaces allowed, as apps show "123 456"); anything else is 400 invalid_code before any try is counted. */
export function totpCodeOf(typed: string): string {
  const code = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) throw new ApiError('invalid_code');
  return code;
}

/**
 * One guess at a user's second-step code. The try is reserved before `check` runs (one atomic
 * upsert per counter, per client address and per user), so parallel guesses are all counted and
 * none gets past the limit. `check` answers null for a wrong code (400-level `wrong`, or 429 when
 * that try was the last allowed) or the result; a right one gives the try back. A refusal `check`
 * throws itself (a replayed code) stays counted. The wrong code that locks the step for every
 * address also warns the owner by email (lock-alert.ts): its first factor is in someone's hands.
 */
export async function guess<T>(deps: AppDeps, c: Context<AppEnv>, userId: string, now: Date, wrong: ErrorType, check: () => Promise<T | null>): Promise<T> {
  const { rateLimits } = deps.config;
  const scope = twoStepFailureScope(userId);
  const byClient: FailureCounter = { scope, client: c.get('clientIp'), rule: rateLimits.twoStepLockout };
  const byUser: FailureCounter = { scope, client: ACCOUNT_WIDE, rule: rateLimits.twoStepAccountLockout };
  const client = await reserveAttempt(deps.db, [byClient], now);
  if (!client.allowed) throw lockedError(client.lockedUntil, now);
  const user = await reserveAttempt(deps.db, [byUser], now);
  if (!user.allowed) throw lockedError(user.lockedUntil, now);
  const result = await check();
  if (result === null) {
    if (user.lockIfWrong) await alertOwner(deps, userId, user.lockIfWrong, now, c.get('requestId'));
    const lock = [client.lockIfWrong, user.lockIfWrong].filter((until): until is Date => until !== null).sort((x, y) => y.getTime() - x.getTime())[0];
    if (lock) throw lockedError(lock, now);
    throw new ApiError(wrong);
  }
  await releaseAttempt(deps.db, [byClient, byUser]);
  return result;
}
