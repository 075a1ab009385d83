/**
 * When a failed delivery is tried again: Standard Webhooks' schedule (5 s, 5 min, 30 min, 2 h, 5 h,
 * then every 10 h) for 24 hours after the delivery was made, the last attempt at that hour; after
 * it the delivery has failed.
 */
const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

export const RETRY_FOR_MS = 24 * 3_600_000;

/** The next attempt after `attempts` failed ones, tried at `now`; null when the 24 hours are over. */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + RETRY_FOR_MS;
  if (now.getTime() >= deadline) return null;
  const delay = RETRY_DELAYS_MS[Math.max(0, Math.min(attempts, RETRY_DELAYS_MS.length) - 1)]!;
  return new Date(Math.min(now.getTime() + delay, deadline));
}
