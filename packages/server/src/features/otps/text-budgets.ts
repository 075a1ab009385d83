import type { Context } from 'hono';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { enforceRateLimit } from '../../http/limits.js';
import { sha256Hex } from '../../security/hash.js';
import { hitRateLimit } from '../../security/rate-limit.js';

const HOUR_SECONDS = 3600;

/**
 * Guards against text-message pumping: fraudsters make sign-in forms text ranges of premium or
 * high-cost numbers they are paid for, one number at a time, so each number stays under its own
 * limit while the project pays for thousands of texts. Three counts stop it, after the per-client
 * and per-number limits: numbers that differ only in their last three digits count together; and
 * the project's texts per hour, to the number's country and to all, have a budget. Past a budget
 * the refusal is logged and says plainly that texts cannot be sent now; email keeps working.
 */
export async function guardTextSend(deps: AppDeps, c: Context<AppEnv>, phone: { e164: string; country: string | null }): Promise<void> {
  const { config } = deps;
  await enforceRateLimit(
    deps,
    `otp:range:${sha256Hex(phone.e164.slice(0, -3))}`,
    config.rateLimits.otpPerPhoneRange,
    'Too many passcodes requested for numbers like this one.',
  );
  // The smaller budget first, so a country's flood does not also spend the project's.
  const country = phone.country ?? 'unknown';
  await spend(deps, c, { key: `text-budget:country:${country}`, limit: config.smsCountryHourlyBudget, scope: 'country', country });
  await spend(deps, c, { key: 'text-budget:project', limit: config.smsHourlyBudget, scope: 'project', country });
}

async function spend(deps: AppDeps, c: Context<AppEnv>, budget: { key: string; limit: number; scope: 'country' | 'project'; country: string }): Promise<void> {
  const result = await hitRateLimit(deps.db, budget.key, { limit: budget.limit, windowSeconds: HOUR_SECONDS }, deps.clock());
  if (result.allowed) return;
  deps.log.warn('A text passcode was refused: the hourly text-message budget is spent (a pumping attack, or a budget too small for this hour).', {
    request_id: c.get('requestId'),
    budget: budget.scope,
    country: budget.country,
    limit: budget.limit,
    refused_this_hour: result.count - budget.limit,
  });
  throw new ApiError('text_message_budget_exceeded', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
}
