import type { AuthenticationFactorType, ErrorType } from '@vestibule/contract';

/**
 * What the server counts where it happens, for the operators' /metrics (features/metrics keeps
 * the counts and serves them in Prometheus' text format); its own module, so the kernel and the
 * routes count without importing the feature. Each call is a few increments: it never throws,
 * never waits, and is made once per event, never in a loop over user data.
 */
export interface Metrics {
  /**
   * A sign-in finished: `factor` is what this call proved (the last of its factors), `held` when a
   * further step (two-step verification) holds it back instead of making a session.
   */
  signedIn(factor: AuthenticationFactorType, held: boolean): void;
  /** A sign-in refused for a wrong proof or a lock (kernel/audit/refused-sign-ins.ts), on the path it was sent to. */
  signInRefused(path: string, error: ErrorType): void;
  /**
   * A rate limit refused a call (429). `key` is the bucket's key, `name:kind:value`
   * ('password-auth:ip:203.0.113.9'): counted by its name and kind only, never by its value.
   */
  rateLimited(key: string): void;
  /** One attempt to deliver a webhook: `retrying` failed with attempts left, `failed` was the last. */
  webhookAttempt(outcome: 'succeeded' | 'retrying' | 'failed'): void;
  /** Every count in Prometheus' text format, with the process's own (memory, CPU, event loop lag). */
  exposition(): Promise<{ contentType: string; text: string }>;
}
