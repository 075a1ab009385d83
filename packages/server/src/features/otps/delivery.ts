import type { Context } from 'hono';
import { DeliveryError } from '../../delivery/text-sender.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { enforceClientLimit, enforceRateLimit } from '../../http/limits.js';
import { ApiError } from '../../kernel/api-error.js';
import { sha256Hex } from '../../security/hash.js';

export const CHANNEL_NAMES = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** Sends, turning any provider failure into a logged 502/503 delivery_failed (never a 500). */
export async function deliver(deps: AppDeps, c: Context<AppEnv>, channel: keyof typeof CHANNEL_NAMES, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    const details = error instanceof DeliveryError ? error.details : {};
    deps.log.error('Passcode delivery failed', { request_id: c.get('requestId'), channel, error: (error as Error).message, ...details });
    const status = error instanceof DeliveryError ? error.status : 502;
    throw new ApiError('delivery_failed', `The ${CHANNEL_NAMES[channel]} message could not be sent. Please try again later.`, {}, status);
  }
}

/**
 * The limits every passcode send counts against: the client's sends, all channels together, and
 * the destination's (`email:<address>` or `phone:<E.164>`; SMS and WhatsApp share a number's).
 */
export async function enforceSendLimits(deps: AppDeps, c: Context<AppEnv>, destination: string): Promise<void> {
  const limits = deps.config.rateLimits;
  await enforceClientLimit(deps, c, 'otp', limits.otpPerIp, 'Too many passcodes requested from this network.');
  await enforceRateLimit(deps, `otp:destination:${sha256Hex(destination)}`, limits.otpPerDestination, 'Too many passcodes requested for this destination.');
}
