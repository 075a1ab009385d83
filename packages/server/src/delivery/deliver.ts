import type { Context } from 'hono';
import type { RateLimitRule } from '../config/server-config.js';
import type { AppDeps, AppEnv } from '../http/app-env.js';
import { ApiError } from '../kernel/api-error.js';
import { hitRateLimit } from '../security/rate-limit.js';
import { DeliveryError } from './delivery-error.js';

export type Channel = 'email' | 'sms' | 'whatsapp';

/** The channel as people call it, in the answer's message. */
const MESSAGE_NAMES: Record<Channel, string> = { email: 'email', sms: 'text message', whatsapp: 'WhatsApp message' };

export interface Sending {
  channel: Channel;
  /** What the message carries, for the log: 'passcode', 'magic_link', 'password_reset', … */
  purpose: string;
  /**
   * What the call did for this message that must not outlast it when it does not go: the counts
   * that name the person (their address's, their account's: a message they never got is not one
   * of their tries) and any link it carried, which nobody will receive and must not work.
   */
  undo?: Array<() => Promise<unknown>>;
}

/**
 * Sends one message for a route. When the provider refuses it or cannot be reached (a
 * DeliveryError), the failure is logged with what failed (channel, provider, stage, the provider's
 * code and masked reply; never the message), the route's `undo` runs, and the caller gets
 * delivery_failed: 502 refused, 503 unreachable. Any other error (the outbox's database) is not a
 * delivery failure and goes on as it is.
 */
export async function deliver(deps: AppDeps, c: Context<AppEnv>, sending: Sending, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    deps.log.error('Message not sent', {
      request_id: c.get('requestId'),
      channel: sending.channel,
      purpose: sending.purpose,
      provider: error.provider,
      failure: error.reach,
      error: error.message,
      ...error.details,
    });
    for (const undo of sending.undo ?? []) await undo();
    throw new ApiError('delivery_failed', `The ${MESSAGE_NAMES[sending.channel]} could not be sent. Please try again.`, {}, error.status);
  }
}

/**
 * `deps` with the clock stopped at `now`, to count a send's limits with: uncount(…, now) then takes
 * back from the very windows they hit.
 */
export function countedAt(deps: AppDeps, now: Date): AppDeps {
  return { ...deps, clock: () => now };
}

/** Takes back one hit of a rate limit counted at `at` (countedAt): for a message that did not go. */
export function uncount(deps: Pick<AppDeps, 'db'>, key: string, rule: RateLimitRule, at: Date): () => Promise<unknown> {
  return () => hitRateLimit(deps.db, key, rule, at, -1);
}
