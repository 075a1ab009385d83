import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import { createSession, findLiveSession } from '../src/kernel/sessions/sessions-store.js';
import { consumeMagicLinkToken, issueMagicLinkToken } from '../src/kernel/sign-in-links.js';
import { createUserWithEmail } from '../src/kernel/users.js';
import { createOutboxEmailSink, listOutbox } from '../src/delivery/outbox-sink.js';
import { giveBackAttempt, releaseAttempt, reserveAttempt } from '../src/kernel/failure-counters.js';
import { attemptCode, consumeToken, issueCode, issueToken } from '../src/kernel/one-time-secrets.js';
import { hitRateLimit } from '../src/security/rate-limit.js';
import { ensureSigningKey, ID_TOKEN_KEY, publishedKeys, rotateSigningKey, SESSION_KEY, SigningKeyring } from '../src/kernel/keyring.js';
import { createDatabase } from '../src/storage/create-database.js';
import type { Database } from '../src/storage/database.js';
import { migrations } from '../src/features/index.js';
import { allMigrations, migrateToLatest } from '../src/storage/migrate.js';
import { createServer } from '../src/index.js';
import { addRegistration, counterOf, findByCredentialId, recordUse } from '../src/features/passkeys/registrations-store.js';
import { harnessFor, testClock, uniqueEmail } from './helpers/harness.js';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';
import { tempDir, testConfig } from './helpers/test-config.js';

type Open = () => Promise<{ db: Kysely<Database>; close(): Promise<void> }>;

/**
 * One suite every storage backend passes. `openAnother` opens a second connection pool to the
 * same database when the backend allows several (PostgreSQL), to test concurrent instances.
 */
function storageSuite(open: () => Promise<{ db: Kysely<Database>; openAnother?: Open; close(): Promise<void> }>) {
  let handle: Awaited<ReturnType<typeof open>>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    handle = await open();
    db = handle.db;
  });
  afterAll(() => handle.close());

  it('applies every migration once, concurrently safe, and a second run finds nothing to do', async () => {
    const others = handle.openAnother ? await Promise.all([handle.openAnother(), handle.openAnother()]) : [];
    try {
      // Several migrators at once: separate pools on PostgreSQL, the one connection on PGlite.
      const targets = others.length ? [db, ...others.map((o) => o.db)] : [db, db];
      const results = await Promise.all(targets.map((d) => migrateToLatest(d, migrations)));
      expect(results.flat().sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    expect(await migrateToLatest(db, migrations)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'users',
      'user_emails',
      'sessions',
      'one_time_secrets',
      'failure_counters',
      'signing_keys',
      'rate_limit_buckets',
      'events',
      'outbox_messages',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('creates one user when two requests race on the same email', async () => {
    const email = uniqueEmail();
    const now = new Date();
    const [a, b] = await Promise.all([createUserWithEmail(db, email, 'active', now), createUserWithEmail(db, email, 'active', now)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.userId).toBe(b.userId);
    const users = await db.selectFrom('user_emails').selectAll().where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('spends a magic-link token exactly once under concurrency and stores only its hash', async () => {
    const now = new Date();
    const { userId, emailId } = await createUserWithEmail(db, uniqueEmail(), 'active', now);
    const token = await issueMagicLinkToken(db, { userId, emailId, kind: 'signup', expirationMinutes: 30, now });
    const stored = await db.selectFrom('one_time_secrets').select('secret_hash').where('user_id', '=', userId).execute();
    expect(stored.map((s) => s.secret_hash)).not.toContain(token);
    const results = await Promise.all(Array.from({ length: 6 }, () => consumeMagicLinkToken(db, token, now, {})));
    expect(results.filter(Boolean)).toHaveLength(1);
    const expired = await issueMagicLinkToken(db, { userId, emailId, kind: 'login', expirationMinutes: 5, now });
    expect(await consumeMagicLinkToken(db, expired, new Date(now.getTime() + 5 * 60_000 + 1), 'confirmed')).toBeUndefined();
  });

  it('finds sessions by token only while live', async () => {
    const now = new Date();
    const { userId, emailId } = await createUserWithEmail(db, uniqueEmail(), 'active', now);
    const factor = {
      type: 'magic_link' as const,
      delivery_method: 'email' as const,
      last_authenticated_at: now.toISOString(),
      email_factor: { email_id: emailId, email_address: 'x' },
    };
    const { row, token } = await createSession(db, { userId, durationMinutes: 10, factors: [factor], now, client: { userAgent: null, ipAddress: null } });
    expect(row.authentication_factors).toEqual([factor]);
    expect((await findLiveSession(db, token, now))?.session_id).toBe(row.session_id);
    expect(await findLiveSession(db, token, new Date(now.getTime() + 10 * 60_000))).toBeUndefined();
    expect(await findLiveSession(db, `${token}x`, now)).toBeUndefined();
  });

  it('counts rate-limit hits atomically', async () => {
    const key = `test:${Math.random()}`;
    const rule = { limit: 10, windowSeconds: 600 };
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(db, key, rule, now)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('one-time secrets: 50 parallel uses of one token, even from two pools, have exactly one winner', async () => {
    const others = handle.openAnother ? [await handle.openAnother()] : [];
    try {
      const pools = [db, ...others.map((o) => o.db)];
      const now = new Date();
      const token = await issueToken(db, { purpose: 'test_token', userId: null, bound: { n: 1 }, expirationMinutes: 5, now });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => consumeToken<{ n: number }>(pools[i % pools.length]!, 'test_token', token, now)));
      expect(results.filter(Boolean)).toEqual([{ userId: null, bound: { n: 1 } }]);
      // Another purpose never accepts it.
      const other = await issueToken(db, { purpose: 'test_token', userId: null, bound: {}, expirationMinutes: 5, now });
      expect(await consumeToken(db, 'another_purpose', other, now)).toBeUndefined();
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('passkey counters: 32-bit values read back as numbers, and of parallel uses reporting one counter exactly one is recorded', async () => {
    const now = new Date();
    const { userId } = await createUserWithEmail(db, uniqueEmail('passkey-store'), 'active', now);
    const credential = {
      credentialId: `credential-${userId}`,
      publicKey: 'pQECAyYgASFYIA',
      counter: 4_000_000_000,
      transports: ['internal'],
      signsInAlone: true,
    };
    const row = (await addRegistration(db, userId, credential, now))!;
    expect(counterOf(row)).toBe(4_000_000_000);
    expect(await addRegistration(db, userId, credential, now)).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 20 }, () => recordUse(db, row.webauthn_registration_id, 4_000_000_001, now)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(counterOf((await findByCredentialId(db, credential.credentialId))!)).toBe(4_000_000_001);
  });

  it('one-time secrets: 50 parallel wrong attempts at one code are each counted and none gets past its limit', async () => {
    const others = handle.openAnother ? [await handle.openAnother()] : [];
    try {
      const pools = [db, ...others.map((o) => o.db)];
      const now = new Date();
      const subject = `subject-${Math.random()}`;
      await issueCode(db, { purpose: 'test_code', subject, codeHash: 'aa'.repeat(32), maxAttempts: 5, userId: null, bound: {}, expirationMinutes: 5, now });
      const attempts = await Promise.all(
        Array.from({ length: 50 }, (_, i) => attemptCode(pools[i % pools.length]!, 'test_code', subject, 'bb'.repeat(32), now)),
      );
      expect(attempts.filter((a) => a.kind === 'wrong')).toHaveLength(5);
      expect(attempts.filter((a) => a.kind === 'dead')).toHaveLength(45);
      // The limit holds for the right code too, and a new code for the subject starts afresh.
      expect((await attemptCode(db, 'test_code', subject, 'aa'.repeat(32), now)).kind).toBe('dead');
      await issueCode(db, {
        purpose: 'test_code',
        subject,
        codeHash: 'cc'.repeat(32),
        maxAttempts: 5,
        userId: null,
        bound: { fresh: true },
        expirationMinutes: 5,
        now,
      });
      const right = await Promise.all(Array.from({ length: 10 }, (_, i) => attemptCode(pools[i % pools.length]!, 'test_code', subject, 'cc'.repeat(32), now)));
      expect(right.filter((a) => a.kind === 'right')).toEqual([{ kind: 'right', userId: null, bound: { fresh: true } }]);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('reserves failure attempts atomically: 50 parallel wrong attempts, even from two pools, pass a limit of 10 exactly 10 times', async () => {
    const others = handle.openAnother ? [await handle.openAnother()] : [];
    try {
      const pools = [db, ...others.map((o) => o.db)];
      const rule = { maxFailures: 10, windowSeconds: 3600, lockSeconds: 1800 };
      const counter = { scope: `test:${Math.random()}`, client: '127.0.0.1', rule };
      const now = new Date();
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => reserveAttempt(pools[i % pools.length]!, [counter], now)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      // The 10th reservation carries the lock that a wrong answer reports; the other 40 see it.
      expect(results.filter((r) => r.allowed && r.lockIfWrong)).toHaveLength(1);
      expect(results.filter((r) => !r.allowed).every((r) => !r.allowed && r.lockedUntil.getTime() === now.getTime() + 1_800_000)).toBe(true);
      // A right answer from that client lifts its lock.
      await releaseAttempt(db, [counter]);
      expect((await reserveAttempt(db, [counter], now)).allowed).toBe(true);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });

  it('an attempt given back (never checked: the server was busy) lifts the lock it reached and counts for nothing', async () => {
    const rule = { maxFailures: 3, windowSeconds: 3600, lockSeconds: 1800 };
    const counters = [
      { scope: `test:${Math.random()}`, client: '127.0.0.1', rule },
      { scope: `test:${Math.random()}`, client: '*', rule: { ...rule, maxFailures: 100 } },
    ];
    const now = new Date();
    await reserveAttempt(db, counters, now);
    await reserveAttempt(db, counters, now);
    const third = await reserveAttempt(db, counters, now);
    expect(third.allowed && third.lockIfWrong).toBeTruthy();
    await giveBackAttempt(db, counters);
    // Not locked: the third is reserved again, and only then does the lock stand.
    const again = await reserveAttempt(db, counters, now);
    expect(again.allowed && again.lockIfWrong).toBeTruthy();
    expect((await reserveAttempt(db, counters, now)).allowed).toBe(false);
  });

  it('keeps exactly one active signing key when instances race, and publishes rotated keys', async () => {
    const now = new Date();
    await Promise.all(Array.from({ length: 4 }, () => ensureSigningKey(db, now, KEY)));
    const active = await db.selectFrom('signing_keys').selectAll().where('status', '=', 'active').execute();
    expect(active).toHaveLength(1);
    const before = (await publishedKeys(db)).length;
    const { kid, previousKid } = await rotateSigningKey(db, now, KEY);
    expect(previousKid).toBe(active[0]!.kid);
    const published = await publishedKeys(db);
    expect(published).toHaveLength(before + 1);
    expect(published.map((k) => k.kid)).toContain(kid);
    expect(published.every((k) => !('d' in k))).toBe(true);
  });

  it('keeps an RS256 id_token key beside the ES256 session key: each rotates on its own, both are published', async () => {
    const now = new Date();
    const keyring = new SigningKeyring(db, KEY);
    const [session, idToken] = await Promise.all([keyring.active(SESSION_KEY), keyring.active(ID_TOKEN_KEY)]);
    expect([session.alg, idToken.alg]).toEqual(['ES256', 'RS256']);
    const { kid } = await rotateSigningKey(db, now, KEY, SESSION_KEY);
    keyring.forget();
    expect((await keyring.active(SESSION_KEY)).kid).toBe(kid);
    expect((await keyring.active(ID_TOKEN_KEY)).kid).toBe(idToken.kid);
    const published = await publishedKeys(db);
    expect(published.find((k) => k.kid === idToken.kid)).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(published.some((k) => 'd' in k || 'p' in k)).toBe(false);
  });

  it('lists the outbox newest first', async () => {
    let t = Date.now();
    const sink = createOutboxEmailSink(db, () => new Date(t++));
    const to = uniqueEmail('order');
    for (const subject of ['one', 'two', 'three']) await sink.send({ to, subject, text: subject, html: `<p>${subject}</p>` });
    expect((await listOutbox(db, { to })).map((m) => m.subject)).toEqual(['three', 'two', 'one']);
  });
}

describe('migrations', () => {
  it("keep the names and the order existing databases recorded, wherever each one's code lives (the kernel's or its feature's folder)", () => {
    expect(Object.keys(migrations)).toEqual([
      '0001-foundation',
      '0002-otps',
      '0003-passwords',
      '0004-abuse-limits',
      '0005-one-time-secrets',
      '0006-keyring',
      '0007-passkeys',
      '0008-oauth',
      '0009-crypto',
      '0010-idp',
      '0011-change-feed',
      '0012-idp-grants',
      '0013-email-forms',
      '0014-account',
      '0015-passkey-sign-in-alone',
      '0016-two-step',
      '0017-ways-in-ended',
      '0019-operators',
      '0020-webhooks',
      '0021-users-by-creation',
      '0022-idp-clients',
      '0023-recovery-codes-event',
      '0025-pruning',
    ]);
  });

  it('refuses two migrations of one name', () => {
    const migration = { up: async () => {} };
    expect(() => allMigrations([{ '0001-foundation': migration }])).toThrow('Two migrations are named 0001-foundation.');
    expect(() => allMigrations([{ '0014-new': migration }, { '0014-new': migration }])).toThrow('Two migrations are named 0014-new.');
  });
});

describe('storage: embedded PGlite', () => {
  storageSuite(async () => {
    const { db } = await createDatabase({ databaseUrl: null, dataDir: tempDir() });
    return { db, close: () => db.destroy() };
  });

  it('closes under statements in flight: those under way and queued end, later ones fail, and closing twice is closing once', async () => {
    const { db } = await createDatabase({ databaseUrl: null, dataDir: tempDir() });
    const underWay = sql<{ n: number }>`select count(*)::int as n from generate_series(1, 200000)`.execute(db);
    const queued = sql<{ n: number }>`select 2 as n`.execute(db);
    const closing = [db.destroy(), db.destroy()];
    const later = sql`select 3`.execute(db);
    // Before, PGlite closed under the queued statement and the process spun on its dead backend.
    expect((await underWay).rows).toEqual([{ n: 200000 }]);
    expect((await queued).rows).toEqual([{ n: 2 }]);
    await Promise.all(closing);
    await expect(later).rejects.toThrow();
  });
});

/** A key-encryption key for the signing-key tests (the server derives it from its secret). */
const KEY = new Uint8Array(32).fill(7);

describeWithPostgres('storage: PostgreSQL 15', (cluster) => {
  describe('shared storage suite', () => {
    storageSuite(async () => {
      const url = await cluster().createDatabase();
      const open: Open = async () => {
        const { db } = await createDatabase({ databaseUrl: url, dataDir: tempDir() });
        return { db, close: () => db.destroy() };
      };
      const first = await open();
      return { db: first.db, openAnother: open, close: first.close };
    });
  });

  it('runs two server instances on one database: a link sent through one signs in through the other', async () => {
    const url = await cluster().createDatabase();
    const clock = testClock();
    const config = testConfig({ databaseUrl: url });
    const quiet = { info() {}, warn() {}, error: (m: string, d?: Record<string, unknown>) => console.error(m, d) };
    const [serverA, serverB] = await Promise.all([createServer(config, { clock, logger: quiet }), createServer(config, { clock, logger: quiet })]);
    const a = harnessFor(serverA, config, clock);
    const b = harnessFor(serverB, config, clock);
    try {
      expect(serverA.database).toBe('postgres');
      const email = uniqueEmail('two');
      const { token } = await a.sendLink(email);
      const session = await b.json('POST', '/sdk/v1/magic_links/authenticate', { token });
      expect(session.status).toBe(200);
      // Single use holds across instances.
      expect((await a.json('POST', '/sdk/v1/magic_links/authenticate', { token })).status).toBe(401);
      // The session and its JWT work on both: one key set, one session table.
      expect((await a.json('GET', '/sdk/v1/users/me', undefined, { session: session.body.session_token })).status).toBe(200);
      const jwksA = await (await a.call('GET', '/.well-known/jwks.json')).json();
      const jwksB = await (await b.call('GET', '/.well-known/jwks.json')).json();
      expect(jwksA).toEqual(jwksB);
      expect(jwksA.keys).toHaveLength(1);
      // Rate limits are shared: 5 sends per address in total across both instances.
      const limited = uniqueEmail('limit');
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await (i % 2 ? a : b).call('POST', '/sdk/v1/magic_links/email/login_or_create', { email: limited })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // Revoking on one instance ends the session on the other.
      expect((await b.call('POST', '/sdk/v1/sessions/revoke', {}, { session: session.body.session_token })).status).toBe(200);
      expect((await a.call('GET', '/sdk/v1/users/me', undefined, { session: session.body.session_token })).status).toBe(401);
      // A third instance with another secret would sign and hash differently: it refuses to start.
      await expect(createServer({ ...config, secret: 'another-secret-that-is-at-least-32-chars' }, { clock, logger: quiet })).rejects.toThrow(
        /VESTIBULE_SECRET is not the secret this database was first started with/,
      );
    } finally {
      await Promise.all([serverA.close(), serverB.close()]);
    }
  });
});
