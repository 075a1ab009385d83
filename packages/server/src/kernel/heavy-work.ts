import PQueue from 'p-queue';
import { ApiError } from './api-error.js';
import type { Logger } from './logger.js';

/** How often, at most, the refusals are written to the log (with how many there were since). */
const LOG_EVERY_MS = 10_000;

/**
 * CPU-heavy sign-in work (argon2 hashing and verification, the dummy verification of an unknown
 * address, passkey and wallet signature checks) runs at most `concurrency` at a time, behind a
 * queue of at most `queueLength`. A login flood (credential stuffing from many addresses, which no
 * per-client limit bites) would otherwise give argon2 every core, and the session checks that
 * every signed-in page makes would wait behind it. Past the queue a call is refused at once with
 * 503 server_busy: the flood's own answers get worse, everyone else's do not.
 */
export class HeavyWork {
  readonly #queue: PQueue;
  readonly #queueLength: number;
  readonly #log: Logger;
  #refused = 0;
  #refusedSinceLog = 0;
  #loggedAt = 0;

  constructor(limits: { concurrency: number; queueLength: number }, log: Logger) {
    this.#queue = new PQueue({ concurrency: limits.concurrency });
    this.#queueLength = limits.queueLength;
    this.#log = log;
  }

  /**
   * Refuses now, as run would, when the queue is full: for a caller that must not record anything
   * (a password attempt reserved against the lockout) for work that would be refused.
   */
  admit(): void {
    if (this.#queue.size >= this.#queueLength) throw this.#refuse();
  }

  /** Calls waiting for their turn (the metrics read this and the two below). */
  get queued(): number {
    return this.#queue.size;
  }

  /** Calls whose work runs now. */
  get running(): number {
    return this.#queue.pending;
  }

  /** Calls refused (server_busy) since the server started. */
  get refused(): number {
    return this.#refused;
  }

  /** Runs the work in its turn, or refuses at once (503 server_busy, Retry-After) when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.admit();
    return this.#queue.add(work) as Promise<T>;
  }

  #refuse(): ApiError {
    this.#refused++;
    this.#refusedSinceLog++;
    const now = Date.now();
    if (now - this.#loggedAt >= LOG_EVERY_MS) {
      this.#log.warn(
        'Sign-in work refused: the server is busy (the queue for password hashing and signature checks is full; a login flood, or hashConcurrency too low for the traffic).',
        {
          refused_since_last_report: this.#refusedSinceLog,
          refused_total: this.#refused,
          queue_length: this.#queueLength,
        },
      );
      this.#loggedAt = now;
      this.#refusedSinceLog = 0;
    }
    return new ApiError('server_busy', undefined, { 'Retry-After': '1' });
  }
}
