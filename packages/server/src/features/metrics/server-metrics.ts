import type { AuthenticationFactorType, ErrorType } from '@vestibule/contract';
import { Counter, Histogram, Registry } from 'prom-client';
import type { EmailSender } from '../../delivery/email-sender.js';
import type { TextDelivery } from '../../delivery/text-delivery.js';
import type { RequestObserver } from '../../http/answered-requests.js';
import type { Metrics } from '../../kernel/metrics.js';
import { watchServer, type MetricSources } from './collectors.js';
import { countedEmail, countedTexts } from './counted-delivery.js';
import { processMetrics } from './process-metrics.js';
import { signInMethodOf } from './sign-in-methods.js';

/**
 * Request durations in seconds: from a session check answered from memory (well under a
 * millisecond) to a password hashed behind a queue (seconds).
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One server's metrics, in a registry of its own (several servers run in one process in the tests,
 * and a host may run more than one): what is counted where it happens (kernel/metrics.ts), the
 * requests the listener answered, the messages sent, and what the server's parts keep, read when
 * scraped (collectors.ts). Every label is bounded: routes as declared, never a path as sent;
 * methods, channels and outcomes from fixed lists; limits by name, never by key.
 */
export class ServerMetrics implements Metrics {
  readonly #registry = new Registry();
  readonly #requests = new Histogram({
    name: 'vestibule_http_request_duration_seconds',
    help: "Requests answered, by method, route (as declared; 'preflight' for a CORS preflight, 'unmatched' for a path no route serves) and status, with how long they took from arrival to the answer's last byte.",
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [this.#registry],
  });
  readonly #incomplete = new Counter({
    name: 'vestibule_http_requests_incomplete_total',
    help: 'Requests whose connection closed before their answer was whole (the caller went away, or the server cut it), by method and route.',
    labelNames: ['method', 'route'],
    registers: [this.#registry],
  });
  readonly #signIns = new Counter({
    name: 'vestibule_sign_ins_total',
    help: "Sign-ins by method (the factor proven: password, otp, magic_link, webauthn, oauth, crypto, attested, totp, recovery_code; 'other' for a refusal outside the methods' routes) and outcome: succeeded, held (for the user's second step), refused (a wrong proof), locked (too many wrong ones).",
    labelNames: ['method', 'outcome'],
    registers: [this.#registry],
  });
  readonly #messages = new Counter({
    name: 'vestibule_messages_total',
    help: 'Messages (passcodes, links, notices) by channel (email, sms, whatsapp) and outcome: sent, or failed (the mail server or text provider refused it or could not be reached).',
    labelNames: ['channel', 'outcome'],
    registers: [this.#registry],
  });
  readonly #rateLimited = new Counter({
    name: 'vestibule_rate_limit_refusals_total',
    help: "Calls refused with 429 too_many_requests, by limit: its name and what it counts by ('password-auth:ip', 'otp:destination').",
    labelNames: ['limit'],
    registers: [this.#registry],
  });
  readonly #webhookAttempts = new Counter({
    name: 'vestibule_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome: succeeded (a 2xx), retrying (failed, tried again later), failed (the last attempt failed; the delivery is given up).',
    labelNames: ['outcome'],
    registers: [this.#registry],
  });
  /** The process's metrics and this server's, read together; made at the first scrape. */
  #served: Registry | undefined;

  constructor(sources: MetricSources) {
    watchServer(this.#registry, sources);
  }

  /** Counts each request the listener answers (CreateServerOptions.requestObservers' place; http/answered-requests.ts). */
  readonly observeRequest: RequestObserver = (answered) => {
    if (answered.completed) {
      this.#requests.observe({ method: answered.method, route: answered.route, status: answered.status }, answered.durationMs / 1000);
    } else {
      this.#incomplete.inc({ method: answered.method, route: answered.route });
    }
  };

  /** The server's email sender, each message counted. */
  countEmail(email: EmailSender): EmailSender {
    return countedEmail(email, this.#messages);
  }

  /** The server's text delivery, each message counted by its channel. */
  countTexts(texts: TextDelivery): TextDelivery {
    return countedTexts(texts, this.#messages);
  }

  signedIn(factor: AuthenticationFactorType, held: boolean): void {
    this.#signIns.inc({ method: factor, outcome: held ? 'held' : 'succeeded' });
  }

  signInRefused(path: string, error: ErrorType): void {
    this.#signIns.inc({ method: signInMethodOf(path), outcome: error === 'user_lock_limit_reached' ? 'locked' : 'refused' });
  }

  rateLimited(key: string): void {
    this.#rateLimited.inc({ limit: key.split(':', 2).join(':') });
  }

  webhookAttempt(outcome: 'succeeded' | 'retrying' | 'failed'): void {
    this.#webhookAttempts.inc({ outcome });
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    this.#served ??= Registry.merge([processMetrics(), this.#registry]);
    return { contentType: this.#served.contentType, text: await this.#served.metrics() };
  }
}
