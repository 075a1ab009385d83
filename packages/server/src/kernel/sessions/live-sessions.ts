import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { sha256Hex } from '../../security/hash.js';
import type { ChangeFeed } from '../../storage/change-feed.js';
import type { Database, SessionRow } from '../../storage/database.js';
import { getUser, type UserPart } from '../users.js';
import { withinLifetime } from './session-lifetime.js';
import { findLiveSession, toSession, touchSession } from './sessions-store.js';

/** How fresh last_accessed_at is: a session check writes it only once the stored time is this old. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long an instance serves what it read without reading it again. Announcements evict first;
 * this only bounds the harm of one that never arrives (it cannot be missed silently: a lost
 * listener connection makes the feed not live, and nothing is served from memory until it is back).
 */
const TRUST_MS = 5 * 60_000;

/** Entries per cache: about 1 KB each, so a few tens of MB at most. */
const MAX_ENTRIES = 50_000;

/**
 * Entries kept between sweeps of the stale ones. An entry past TRUST_MS is never served, but the
 * cache lets it go only when it is asked for or pushed out, so a busy site filled both caches to
 * MAX_ENTRIES over a quarter of an hour with sessions nobody checked again (a soak's memory grew
 * for all of its ten minutes). A sweep reads every entry, so one every thousand new ones is cheap.
 */
const SWEEP_EVERY = 1000;

/** A session as last read, its Session object as JSON, and the session JWT last signed for exactly that row. */
interface Entry {
  row: SessionRow;
  json?: string;
  /** A promise, so that checks arriving together wait for one signature. */
  jwt?: { token: Promise<string>; kid: string; signedAt: number };
}

/**
 * The live sessions and their users as this instance last read them, so that a session check,
 * the call every page of every host makes, is answered from memory: no statement while nothing
 * changed, one UPDATE a minute per active session for last_accessed_at. Entries are dropped when
 * the database announces a change (storage/change-feed.ts). Routes that revoke a session or change
 * its expiry settle first (every instance acknowledges the change before they answer), so a revoked
 * session is refused at once everywhere; other changes to a user show once announced (milliseconds).
 */
export class LiveSessions {
  /** Token hash → session. */
  #sessions = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: TRUST_MS, dispose: (entry) => this.#bySessionId.delete(entry.row.session_id) });
  /** session_id → token hash, to drop a session by the id its announcement names. */
  #bySessionId = new Map<string, string>();
  /**
   * Reads and writes in flight, which checks arriving together share rather than repeat (a page
   * that checks from several frames, or every tab at the minute's touch): token hash → the read,
   * with the feed position it started at; session_id → the touch.
   */
  #reads = new Map<string, { position: number; row: Promise<SessionRow | undefined> }>();
  #touches = new Map<string, Promise<SessionRow | undefined>>();
  /** user_id → the User as the API returns it, as JSON text: serialising it was a visible part of a check. */
  #users = new LRUCache<string, string>({ max: MAX_ENTRIES, ttl: TRUST_MS });
  /** Sessions kept so far, counted for the sweeps of stale entries (SWEEP_EVERY). */
  #kept = 0;
  /** Sessions found in memory, and those that were not (read from the database, or a read under way shared): the metrics read them. */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    /** What features add to the User (kernel/users.ts getUser). */
    private readonly userParts: readonly UserPart[],
    private readonly feed: ChangeFeed,
    /** True when announcements arrive over a socket of their own (PostgreSQL), false when in process (PGlite). */
    private readonly remoteFeed: boolean,
    /** project.maxSessionAgeMinutes: no session is served or extended past it (session-lifetime.ts). */
    private readonly maxAgeMinutes: number,
  ) {
    feed.subscribe((key) => {
      if (key === null) {
        this.#sessions.clear();
        this.#users.clear();
      } else if (key.startsWith('s:')) {
        const hash = this.#bySessionId.get(key.slice(2));
        if (hash) this.#sessions.delete(hash);
      } else if (key.startsWith('u:')) {
        this.#users.delete(key.slice(2));
      }
    });
  }

  /** The live (not expired, within its absolute lifetime, not revoked) session a token names, or undefined. */
  async find(token: string, now: Date): Promise<SessionRow | undefined> {
    const row = await this.#find(token, now);
    return row && withinLifetime(row, now, this.maxAgeMinutes) ? row : undefined;
  }

  async #find(token: string, now: Date): Promise<SessionRow | undefined> {
    const hash = sha256Hex(token);
    if (await this.#serving()) {
      const row = this.#sessions.get(hash)?.row;
      if (row && row.expires_at > now) {
        this.lookups.hits++;
        return row;
      }
    }
    this.lookups.misses++;
    // A read is shared only while nothing was announced since it started: one begun before a
    // revocation must not answer a check that arrives after it.
    const position = this.feed.position;
    const shared = this.#reads.get(hash);
    if (shared && shared.position === position) return shared.row;
    const read = findLiveSession(this.db, token, now).then((row) => {
      if (row) this.#keepSession(hash, row, position);
      return row;
    });
    this.#reads.set(hash, { position, row: read });
    try {
      return await read;
    } finally {
      if (this.#reads.get(hash)?.row === read) this.#reads.delete(hash);
    }
  }

  /** The User of a live session as JSON text, or null (one `find` returned it in this request, which let announcements in first). */
  async userJson(userId: string): Promise<string | null> {
    if (this.feed.live) {
      const json = this.#users.get(userId);
      if (json) return json;
    }
    const position = this.feed.position;
    const user = await getUser({ db: this.db, userParts: this.userParts }, userId);
    if (!user) return null;
    const json = JSON.stringify(user);
    if (!this.feed.changedSince(position, [`u:${userId}`])) this.#users.set(userId, json);
    return json;
  }

  /** The Session object of `row` (as find or touch returned it) as JSON text, kept with the row. */
  sessionJson(row: SessionRow): string {
    const entry = this.#entryOf(row);
    if (entry?.json) return entry.json;
    const json = JSON.stringify(toSession(row));
    if (entry) entry.json = json;
    return json;
  }

  /**
   * Records a check of the session: with a duration the session lasts that long from now, never
   * past its absolute end (always a write, settled); without one, last_accessed_at is written only when it is TOUCH_INTERVAL_MS old,
   * once for all the checks of the session that find it so.
   */
  async touch(row: SessionRow, token: string, now: Date, durationMinutes?: number): Promise<SessionRow | undefined> {
    if (durationMinutes === undefined) {
      if (now.getTime() - row.last_accessed_at.getTime() < TOUCH_INTERVAL_MS) return row;
      const touching = this.#touches.get(row.session_id) ?? this.#write(row, token, now);
      this.#touches.set(row.session_id, touching);
      try {
        return await touching;
      } finally {
        if (this.#touches.get(row.session_id) === touching) this.#touches.delete(row.session_id);
      }
    }
    const updated = await this.#write(row, token, now, durationMinutes);
    // A new expiry (which may be shorter) is announced; every instance has it before this answers.
    await this.settle();
    return updated;
  }

  /** Writes last_accessed_at (and the new expiry, with a duration), and keeps the row written. */
  async #write(row: SessionRow, token: string, now: Date, durationMinutes?: number): Promise<SessionRow | undefined> {
    const hash = this.#bySessionId.get(row.session_id) ?? sha256Hex(token);
    const position = this.feed.position;
    const updated = await touchSession(this.db, row.session_id, now, { durationMinutes, maxAgeMinutes: this.maxAgeMinutes });
    if (updated) this.#keepSession(hash, updated, position);
    else this.#sessions.delete(hash);
    return updated;
  }

  /**
   * The session JWT a check answers: the one signed for this very row (`row` as find or touch
   * returned it) with the active key (`kid`) less than `reuseMs` ago, else a new one from `sign`.
   * Its claims are the same as a new one's but for iat and exp, up to `reuseMs` earlier: ECDSA
   * signing is most of a check's cost, and a busy session is checked many times a second.
   */
  async sessionJwt(row: SessionRow, now: Date, kid: string, reuseMs: number, sign: () => Promise<string>): Promise<string> {
    const entry = this.#entryOf(row);
    const reusable = entry?.jwt;
    if (reusable && reusable.kid === kid && now.getTime() - reusable.signedAt < reuseMs) return reusable.token;
    const signing = sign();
    if (entry) {
      const jwt = { token: signing, kid, signedAt: now.getTime() };
      entry.jwt = jwt;
      // A failed signature is not kept for the next check.
      signing.catch(() => entry.jwt === jwt && delete entry.jwt);
    }
    return signing;
  }

  /** Returns once every instance has handled the changes committed so far (ChangeFeed.settle): routes that revoke call it before they answer. */
  settle(): Promise<void> {
    return this.feed.settle();
  }

  /**
   * Whether memory may answer. Over PostgreSQL an announcement may already sit in its socket
   * while this request is handled: one turn of the event loop lets it be read first.
   */
  async #serving(): Promise<boolean> {
    if (this.remoteFeed) await new Promise((resolve) => setImmediate(resolve));
    return this.feed.live;
  }

  /** The entry holding exactly this row (not one read before or after it), if kept. */
  #entryOf(row: SessionRow): Entry | undefined {
    const hash = this.#bySessionId.get(row.session_id);
    const entry = hash === undefined ? undefined : this.#sessions.peek(hash);
    return entry?.row === row ? entry : undefined;
  }

  #keepSession(hash: string, row: SessionRow, position: number): void {
    if (this.feed.changedSince(position, [`s:${row.session_id}`])) return;
    this.#sessions.set(hash, { row });
    this.#bySessionId.set(row.session_id, hash);
    if (++this.#kept % SWEEP_EVERY === 0) {
      this.#sessions.purgeStale();
      this.#users.purgeStale();
    }
  }
}
