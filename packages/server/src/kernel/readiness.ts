import type { Kysely, Migration } from 'kysely';
import type { ChangeFeed } from '../storage/change-feed.js';
import type { Database } from '../storage/database.js';
import { missingMigrations } from '../storage/migrate.js';
import type { Logger } from './logger.js';

/** How long the database has to answer: a load balancer's probe itself usually gives up after a few seconds. */
const DATABASE_TIMEOUT_MS = 2000;

/** A database that does not answer in time: told apart from one that answers with an error only in the log. */
const TIMED_OUT = Symbol('timed out');

/** 'a is missing', 'a and b are missing', '7 are missing: a, b, c, …'. */
function missingText(names: string[]): string {
  if (names.length === 1) return `${names[0]} is missing`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are missing`;
  return `${names.length} are missing: ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}`;
}

/**
 * Whether this instance should be sent traffic (GET /readyz): its database answers, every
 * migration this version knows is recorded there (a database restored from before some shows at
 * once: the record is read on each probe), the change listener is connected (sessions are
 * otherwise read from the database, and revocations from other instances would be missed), and
 * it is not shutting down.
 */
export class Readiness {
  #stopping = false;
  /**
   * The read under way: probes arriving meanwhile wait for the same one, so that a flood of
   * probes (the route is public) holds at most one database connection, and a database that hangs
   * is not asked again until it answers.
   */
  #reading: Promise<string[]> | null = null;
  /** What was last reported, so the log says when it changes and not on every probe. */
  #lastProblems = '';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: ChangeFeed,
    private readonly migrations: Record<string, Migration>,
    private readonly log: Logger,
  ) {}

  /** The instance is shutting down: not ready from now on, whatever its database. */
  stop(): void {
    this.#stopping = true;
  }

  /** What keeps the instance from serving, one sentence each for the operator; empty when it is ready. */
  async problems(): Promise<string[]> {
    if (this.#stopping) return ['This instance is shutting down.'];
    const problems: string[] = [];
    const missing = await this.#missingMigrations();
    if (missing === TIMED_OUT || missing instanceof Error) problems.push('The database does not answer.');
    else if (missing.length > 0) problems.push(`Migrations are not current: ${missingText(missing)}.`);
    if (!this.feed.live) problems.push('The change listener is not connected.');
    this.#logChange(problems, missing instanceof Error ? missing : null);
    return problems;
  }

  async #missingMigrations(): Promise<string[] | Error | typeof TIMED_OUT> {
    this.#reading ??= missingMigrations(this.db, this.migrations).finally(() => {
      this.#reading = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), DATABASE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.#reading, timeout]);
    } catch (error) {
      return error as Error;
    } finally {
      clearTimeout(timer);
    }
  }

  #logChange(problems: string[], error: Error | null): void {
    const now = problems.join(' ');
    if (now === this.#lastProblems) return;
    this.#lastProblems = now;
    // The database's own words stay in the log: the route is public, and they name hosts and ports.
    if (now) this.log.warn(`Not ready: ${now}`, error ? { error: error.message } : undefined);
    else this.log.info('Ready: the database answers, its migrations are current and the change listener is connected.');
  }
}
