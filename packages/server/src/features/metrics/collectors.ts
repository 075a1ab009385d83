import type { Kysely } from 'kysely';
import type pg from 'pg';
import pTimeout from 'p-timeout';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { HeavyWork } from '../../kernel/heavy-work.js';
import type { Logger } from '../../kernel/logger.js';
import type { LiveSessions } from '../../kernel/sessions/live-sessions.js';
import type { ChangeFeed } from '../../storage/change-feed.js';
import type { Database } from '../../storage/database.js';

/** What the server's parts already keep that the metrics read when scraped, rather than counting twice. */
export interface MetricSources {
  db: Kysely<Database>;
  /** PostgreSQL's pool; null for the embedded database (one connection in process, nothing to watch). */
  pool: pg.Pool | null;
  sessions: LiveSessions;
  feed: ChangeFeed;
  heavyWork: HeavyWork;
  log: Logger;
}

/**
 * Registers the metrics read from the server's parts at each scrape: nothing is counted on the
 * session check's hot path but two integers of LiveSessions, and the rest costs nothing between
 * scrapes.
 */
export function watchServer(registry: Registry, sources: MetricSources): void {
  const registers = [registry];
  const { pool, sessions, feed, heavyWork } = sources;
  if (pool) {
    new Gauge({
      name: 'vestibule_database_pool_connections',
      help: 'Connections open in the PostgreSQL pool, in use or idle.',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'vestibule_database_pool_idle_connections',
      help: 'Connections of the PostgreSQL pool open and idle.',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'vestibule_database_pool_waiting_queries',
      help: 'Queries waiting for a connection of the PostgreSQL pool (every connection in use): above zero for long, the pool or the database is too small.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'vestibule_database_pool_max_connections',
      help: 'Connections the PostgreSQL pool opens at most.',
      registers,
      collect() {
        // pg's own default when the pool was made without one.
        this.set(pool.options.max ?? 10);
      },
    });
  }
  new Counter({
    name: 'vestibule_session_cache_lookups_total',
    help: 'Sessions looked up by token (session checks and every call with a session), by result: hit (answered from memory) or miss (read from the database).',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, sessions.lookups.hits);
      this.inc({ result: 'miss' }, sessions.lookups.misses);
    },
  });
  new Gauge({
    name: 'vestibule_change_feed_connected',
    help: "1 while the database's announcements of changed sessions reach this instance; 0 while they do not, when sessions are read from the database on every check.",
    registers,
    collect() {
      this.set(feed.live ? 1 : 0);
    },
  });
  new Gauge({
    name: 'vestibule_heavy_work_queued',
    help: 'Sign-in calls waiting their turn for CPU-heavy work (password hashing, signature checks); past server.hashQueueLength they are refused.',
    registers,
    collect() {
      this.set(heavyWork.queued);
    },
  });
  new Gauge({
    name: 'vestibule_heavy_work_running',
    help: 'Sign-in calls whose CPU-heavy work runs now (at most server.hashConcurrency).',
    registers,
    collect() {
      this.set(heavyWork.running);
    },
  });
  new Counter({
    name: 'vestibule_heavy_work_refused_total',
    help: 'Sign-in calls refused with 503 server_busy because the queue for CPU-heavy work was full.',
    registers,
    collect() {
      this.reset();
      this.inc(heavyWork.refused);
    },
  });
  watchWebhookBacklog(registry, sources);
}

/**
 * How long a scrape waits for the count of pending webhook deliveries: the rest of the metrics
 * matter most when the database does not answer, and Prometheus gives a whole scrape 10 s by default.
 */
const COUNT_WAIT_MS = 1000;

/**
 * Webhook deliveries waiting to be attempted, the project's (the same from every instance): one
 * count over the partial index the delivery workers claim from. A scrape waits COUNT_WAIT_MS at
 * most; when the database does not answer in time, or answers with an error, the last count stays
 * and the scrape goes on without it.
 */
function watchWebhookBacklog(registry: Registry, { db, log }: MetricSources): void {
  // The count under way: scrapes arriving meanwhile wait for the same one, so a database that does
  // not answer holds one connection for it, not one more per scrape. A late answer still counts.
  let counting: Promise<void> | null = null;
  const count = async () => {
    try {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('pending'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      gauge.set(Number(row.pending));
    } catch (error) {
      log.warn('Could not count the pending webhook deliveries for the metrics.', { message: (error as Error).message });
    } finally {
      counting = null;
    }
  };
  const gauge = new Gauge({
    name: 'vestibule_webhook_deliveries_pending',
    help: "Webhook deliveries not yet made, first attempts and retries (the project's, the same from every instance): growing, a receiver is down or deliveries do not keep up.",
    registers: [registry],
    async collect() {
      counting ??= count();
      await pTimeout(counting, { milliseconds: COUNT_WAIT_MS, message: false });
    },
  });
}
