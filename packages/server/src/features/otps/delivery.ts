import type { Context } from 'hono';
import { countedAt, uncount } from '../../delivery/deliver.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { enforceClientLimit, enforceRateLimit } from '../../http/limits.js';
import { sha256Hex } from '../../security/hash.js';

export const CHANNEL_NAMES = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/**
 * The limits every passcode send counts against, at `now`: the client's sends, all channels
 * together, and the destination's (`email:<address>` or `phone:<E.164>`; SMS and WhatsApp share a
 * number's). Answers what takes the destination's count back if the passcode is not sent: the
 * person never got it. The client's count stays, as it bounds what one client puts on the provider.
 */
export async function enforceSendLimits(deps: AppDeps, c: Context<AppEnv>, destination: string, now: Date): Promise<() => Promise<unknown>> {
  const limits = deps.config.rateLimits;
  const at = countedAt(deps, now);
  const key = `otp:destination:${sha256Hex(destination)}`;
  await enforceClientLimit(at, c, 'otp', limits.otpPerIp, 'Too many passcodes requested from this network.');
  await enforceRateLimit(at, key, limits.otpPerDestination, 'Too many passcodes requested for this destination.');
  return uncount(deps, key, limits.otpPerDestination, now);
}
