import type { AppDeps } from '../../http/app-env.js';
import { type ClaimedDelivery, claimDueDeliveries, recordAttempt, releaseClaim } from './delivery-claims.js';
import { nextAttemptAt } from './schedule.js';
import { postWebhook } from './send.js';
import { signedHeaders } from './signing.js';

/** How often an instance looks for due deliveries: one indexed query of pending rows, cheap when there are none. */
const POLL_MS = 1000;

/** Attempts an instance has under way at once. */
const AT_ONCE = 8;

/**
 * Delivers webhooks while the server runs: it claims due deliveries (delivery-claims.ts: SKIP
 * LOCKED and a lease, so instances on one database share them and each is attempted by one at a
 * time), POSTs each (send.ts) and records the outcome, scheduling the next attempt of a failed one
 * (schedule.ts). It looks again as soon as an attempt ends or a claim came back full, else every
 * POLL_MS. Returns the function that stops it: attempts under way are cut short and their claims
 * given back, so a restart or another instance retries them at once.
 */
export function startDeliveries(deps: AppDeps): () => Promise<void> {
  const stopping = new AbortController();
  const underWay = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let lookAgain = false;

  const look = (): void => {
    if (stopping.signal.aborted) return;
    if (claiming) {
      lookAgain = true;
      return;
    }
    claiming = (async () => {
      const room = AT_ONCE - underWay.size;
      if (room <= 0) return;
      const claimed = await claimDueDeliveries(deps.db, deps.clock(), room);
      for (const delivery of claimed) {
        const attempt: Promise<void> = deliver(deps, delivery, stopping.signal)
          .catch((error: Error) => deps.log.error('A webhook delivery failed to run; its claim ends and it is tried again.', { message: error.message }))
          .finally(() => {
            underWay.delete(attempt);
            look();
          });
        underWay.add(attempt);
      }
      if (claimed.length === room) lookAgain = true;
    })()
      .catch((error: Error) => deps.log.error('Looking for due webhook deliveries failed; the next look tries again.', { message: error.message }))
      .finally(() => {
        claiming = null;
        if (lookAgain) {
          lookAgain = false;
          look();
        }
      });
  };

  const timer = setInterval(look, POLL_MS);
  timer.unref();
  look();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await claiming;
    await Promise.all(underWay);
  };
}

/** One attempt: the Standard Webhooks body `{ type, timestamp, data }`, signed, POSTed, its outcome recorded. */
async function deliver(deps: AppDeps, claimed: ClaimedDelivery, stopping: AbortSignal): Promise<void> {
  const body = JSON.stringify({
    type: claimed.event_type,
    timestamp: claimed.occurred_at.toISOString(),
    data: { ...claimed.data, user_id: claimed.user_id },
  });
  // The receiver checks webhook-timestamp against its own clock (the specification's replay
  // protection), so it is the real time of sending, not the server's clock of expiries.
  const headers = await signedHeaders(claimed.secret_sealed, deps.secretBoxKey, claimed.event_id, new Date(), body);
  const outcome = stopping.aborted ? null : await postWebhook(claimed.url, headers, body, deps.config.env, stopping);
  if (!outcome || stopping.aborted) return releaseClaim(deps.db, claimed);
  const now = deps.clock();
  if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) {
    deps.metrics.webhookAttempt('succeeded');
    return recordAttempt(deps.db, claimed, { status: 'succeeded', nextAttemptAt: null, statusCode: outcome.status, error: null }, now);
  }
  const next = nextAttemptAt(claimed.created_at, claimed.attempts, now);
  const failure =
    'error' in outcome
      ? { statusCode: null, error: outcome.error }
      : { statusCode: outcome.status, error: outcome.status >= 300 && outcome.status < 400 ? 'Redirects are not followed.' : null };
  deps.metrics.webhookAttempt(next ? 'retrying' : 'failed');
  return recordAttempt(deps.db, claimed, { status: next ? 'pending' : 'failed', nextAttemptAt: next, ...failure }, now);
}
