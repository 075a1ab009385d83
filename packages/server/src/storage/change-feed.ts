import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CHANGE_CHANNEL } from './migrations/0011-change-feed.js';
import { POSTGRES_LIMITS } from './postgres-limits.js';

/** Where announcements come from: a listener that reports each payload and whether it is listening. */
export type ChangeSource = (handlers: { message(payload: string): void; live(listening: boolean): void }) => Promise<() => Promise<void>>;

/** How many recent announcements are remembered for changedSince; older reads are treated as stale. */
const REMEMBERED = 10_000;

/** How long settle waits for every instance's acknowledgement before answering anyway. */
const SETTLE_TIMEOUT_MS = 1000;
/** Each instance says it is alive this often; one not heard for three periods is no longer waited for. */
const ALIVE_EVERY_MS = 5000;

/**
 * The database's announcements of changed sessions and users (migration 0011), for what an
 * instance keeps in memory. A cache reads `position` before it reads the database and asks
 * `changedSince` before it keeps the answer, so a change that lands while the read is in flight is
 * never cached over. While the feed is not listening (starting, or reconnecting after a lost
 * connection, when announcements may have been missed) `live` is false and caches must not serve.
 *
 * Besides the triggers' keys, instances talk on the same channel: `alive:<id>` (so each knows the
 * others), `sync:<marker>` (settle asks everyone) and `ack:<marker>:<id>` (each answers once it has
 * handled everything before the marker: announcements arrive in commit order).
 */
export class ChangeFeed {
  readonly instanceId = randomUUID();
  #position = 0;
  /** Key → position of its last announcement; insertion-ordered, oldest first. */
  #recent = new Map<string, number>();
  /** Reads from before this position may have missed a change that is no longer remembered. */
  #floor = 0;
  #listeners = new Set<(key: string | null) => void>();
  /** Other instances on the database → when they last said they were alive. */
  #peers = new Map<string, number>();
  /** settle's markers → the instances still to acknowledge, and what to call when none are left. */
  #settling = new Map<string, { waiting: Set<string>; done: () => void }>();
  #live = false;
  #stop: (() => Promise<void>) | null = null;
  #alive: NodeJS.Timeout | null = null;

  /** `send` notifies on the channel (a pg_notify through the query pool). */
  constructor(private readonly send: (payload: string) => Promise<unknown>) {}

  get live(): boolean {
    return this.#live;
  }

  get position(): number {
    return this.#position;
  }

  /** True when any of `keys` was announced after `position`, or when that cannot be known. */
  changedSince(position: number, keys: string[]): boolean {
    if (!this.#live || position < this.#floor) return true;
    return keys.some((key) => (this.#recent.get(key) ?? 0) > position);
  }

  /** Calls `listener` with each announced key, and with null when everything must be forgotten. */
  subscribe(listener: (key: string | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Returns once every instance on the database (this one included) has handled every change
   * committed before the call, or after SETTLE_TIMEOUT_MS when one does not answer (stopped, or
   * its listener dropped, in which case it reads sessions from the database). A route that revokes
   * settles before it answers, so no instance can still answer from memory for the session after.
   */
  async settle(): Promise<void> {
    if (!this.#live) return;
    const marker = randomUUID();
    const recently = Date.now() - 3 * ALIVE_EVERY_MS;
    const waiting = new Set([this.instanceId, ...[...this.#peers].filter(([, seen]) => seen >= recently).map(([id]) => id)]);
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      this.#settling.set(marker, { waiting, done: resolve });
      timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    });
    try {
      await this.send(`sync:${marker}`);
      await acknowledged;
    } finally {
      clearTimeout(timer);
      this.#settling.delete(marker);
    }
  }

  async start(source: ChangeSource): Promise<void> {
    this.#stop = await source({ message: (payload) => this.#announce(payload), live: (listening) => this.#setLive(listening) });
    await this.send(`alive:${this.instanceId}`);
    this.#alive = setInterval(() => void this.send(`alive:${this.instanceId}`).catch(() => undefined), ALIVE_EVERY_MS).unref();
  }

  async close(): Promise<void> {
    if (this.#alive) clearInterval(this.#alive);
    this.#setLive(false);
    await this.#stop?.();
  }

  #announce(key: string): void {
    const [kind, first, second] = key.split(':');
    if (kind === 'alive') {
      this.#seen(first!);
      return;
    }
    if (kind === 'sync') {
      // An ack that does not arrive only makes the other instance wait out its time-out.
      void this.send(`ack:${first}:${this.instanceId}`).catch(() => undefined);
      return;
    }
    if (kind === 'ack') {
      const settling = this.#settling.get(first!);
      settling?.waiting.delete(second!);
      if (settling?.waiting.size === 0) settling.done();
      return;
    }
    const position = ++this.#position;
    this.#recent.delete(key);
    this.#recent.set(key, position);
    if (this.#recent.size > REMEMBERED) {
      const [oldest, at] = this.#recent.entries().next().value!;
      this.#recent.delete(oldest);
      this.#floor = at;
    }
    for (const listener of this.#listeners) listener(key);
  }

  /** A newcomer hears back at once, so it knows this instance before its first settle. */
  #seen(id: string): void {
    if (id === this.instanceId) return;
    const known = this.#peers.has(id);
    this.#peers.set(id, Date.now());
    if (!known) void this.send(`alive:${this.instanceId}`).catch(() => undefined);
  }

  #setLive(listening: boolean): void {
    // Either way, whatever was read before may have missed announcements: start over.
    this.#live = listening;
    this.#floor = ++this.#position;
    this.#recent.clear();
    for (const listener of this.#listeners) listener(null);
    // Acknowledgements sent before a reconnect will not come.
    for (const settling of this.#settling.values()) settling.done();
  }
}

/** The embedded database runs in this process: its notifications arrive before the writing query's promise resolves. */
export function pgliteChanges(pglite: PGlite): ChangeSource {
  return async ({ message, live }) => {
    const unlisten = await pglite.listen(CHANGE_CHANNEL, message);
    live(true);
    return async () => {
      // Closing the database ends its listeners too (and it may be closed already).
      if (!pglite.closed) await unlisten();
    };
  };
}

const RECONNECT_MS = 1000;

/**
 * A PostgreSQL connection of its own that LISTENs; when it drops, the feed is not live until a
 * new connection listens again (retried every second), since announcements in between are lost.
 */
export function postgresChanges(connectionString: string, onError: (error: Error) => void): ChangeSource {
  return async ({ message, live }) => {
    let client: pg.Client | null = null;
    let started = false;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString, ...POSTGRES_LIMITS });
      let gone = false;
      const lost = (error?: Error) => {
        if (gone) return;
        gone = true;
        if (client === next) client = null;
        live(false);
        next.end().catch(() => undefined);
        // The first connection's failure fails the start; a later one is reported and retried.
        if (!started || stopped) return;
        if (error) onError(error);
        // unref: a pending retry alone does not keep a process alive that is otherwise done.
        retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      next.on('notification', (notification) => {
        if (notification.channel === CHANGE_CHANNEL && notification.payload) message(notification.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      } catch (error) {
        lost(error as Error);
        throw error;
      }
      if (stopped) return void (await next.end());
      client = next;
      live(true);
    };
    await connect();
    started = true;
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end();
    };
  };
}
