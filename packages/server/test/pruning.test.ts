import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/create-server.js';
import { pruneOneTimeSecrets } from '../src/kernel/one-time-secrets.js';
import { claimPruneRun, pruneAll } from '../src/kernel/pruning.js';
import { pruneSessions } from '../src/kernel/sessions/prune-sessions.js';
import { migrations } from '../src/features/index.js';
import { createDatabase } from '../src/storage/create-database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';
import { harnessFor, testClock, uniqueEmail, type Harness } from './helpers/harness.js';
import { tempDir, testConfig } from './helpers/test-config.js';
import { pkcePair } from './helpers/pkce.js';

/**
 * Ended secrets do not pile up: expired one-time secrets (links, passcodes, nonces, authorization
 * codes, …) and the identity provider's expired or revoked tokens are deleted a day after they
 * ended, in bounded batches, periodically while the server runs (not only at start); live ones stay.
 */
const quiet = { info() {}, warn() {}, error: (m: string, d?: unknown) => console.error(m, d) };

async function harness(pruneEveryMs?: number): Promise<Harness> {
  const config = testConfig();
  const clock = testClock();
  return harnessFor(await createServer(config, { clock, logger: quiet, pruneEveryMs }), config, clock);
}

const RP = 'http://localhost:3001/callback';
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** A relying party's grant: sign in, authorize with PKCE, exchange the code. */
async function grant(h: Harness, scope: string) {
  const { session_token: session } = await h.signIn(uniqueEmail('prune'));
  const { verifier, challenge } = pkcePair();
  const request = {
    client_id: 'demo-rp',
    redirect_uri: RP,
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  const submit = await h.json('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
  const code = new URL(submit.body.redirect_uri).searchParams.get('code')!;
  const rawBody = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: RP, code_verifier: verifier, client_id: 'demo-rp' }).toString();
  const tokens = await h.json('POST', '/oauth2/token', undefined, { rawBody, headers: form });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return tokens.body as { access_token: string; refresh_token: string };
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenRows = (h: Harness, tokens: string[]) =>
  h.server.db.selectFrom('idp_tokens').select('token_hash').where('token_hash', 'in', tokens.map(hash)).execute();
const secretCount = async (h: Harness) =>
  Number(
    (
      await h.server.db
        .selectFrom('one_time_secrets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function until(check: () => Promise<boolean>, ms = 10_000) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('not pruned in time');
}

describe('pruning ended secrets while the server runs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(100);
  });
  afterAll(() => h.close());

  it('a day after they ended: used and expired secrets, expired and revoked tokens go; a revoked refresh token goes though it had 30 days left; live ones stay', async () => {
    const revoked = await grant(h, 'openid offline_access');
    const kept = await grant(h, 'openid offline_access');
    const rawBody = new URLSearchParams({ token: revoked.refresh_token, client_id: 'demo-rp' }).toString();
    expect((await h.json('POST', '/oauth2/revoke', undefined, { rawBody, headers: form })).status).toBe(200);
    expect(await secretCount(h)).toBeGreaterThan(0);

    // The server has been running: two days later (the links had 30 minutes), the next periodic run prunes.
    h.clock.advanceMinutes(2 * 24 * 60);
    await until(async () => (await secretCount(h)) === 0);
    // The refresh token that was not revoked has 28 days to live: still there, still works.
    await until(async () => (await tokenRows(h, [revoked.access_token, revoked.refresh_token, kept.access_token])).length === 0);
    expect(await tokenRows(h, [kept.refresh_token])).toHaveLength(1);
    const refresh = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: kept.refresh_token, client_id: 'demo-rp' }).toString();
    expect((await h.json('POST', '/oauth2/token', undefined, { rawBody: refresh, headers: form })).status).toBe(200);
  });
});

describe('pruning what else piles up', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(100);
  });
  afterAll(() => h.close());

  const count = async (table: 'sessions' | 'rate_limit_buckets' | 'failure_counters' | 'outbox_messages' | 'events') =>
    Number(
      (
        await h.server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a day after they ended: expired and revoked sessions, limits and counters of old windows, outbox messages; client events after 90 days; live ones stay', async () => {
    const expiring = await h.signIn(uniqueEmail('expiring'));
    const revoked = await h.signIn(uniqueEmail('revoked'));
    expect((await h.json('POST', '/sdk/v1/sessions/revoke', {}, { session: revoked.session_token })).status).toBe(200);
    // A wrong passcode counts a failure; every send counted a rate limit and filled the outbox.
    const sent = await h.json('POST', '/sdk/v1/otps/email/login_or_create', { email: uniqueEmail('counted') });
    expect((await h.json('POST', '/sdk/v1/otps/authenticate', { method_id: sent.body.method_id, code: '000000' })).status).toBe(401);
    const received = (daysAgo: number) => new Date(h.clock().getTime() - daysAgo * 86_400_000);
    await h.server.db
      .insertInto('events')
      .values(
        [91, 80].map((daysAgo) => ({
          event_id: `event-${daysAgo}-${uniqueEmail('e')}`,
          name: 'test',
          occurred_at: received(daysAgo),
          details: '{}',
          received_at: received(daysAgo),
          request_id: 'request-test',
        })),
      )
      .execute();
    for (const table of ['sessions', 'rate_limit_buckets', 'failure_counters', 'outbox_messages'] as const)
      expect(await count(table), table).toBeGreaterThan(0);

    h.clock.advanceMinutes(2 * 24 * 60);
    const kept = await h.signIn(uniqueEmail('kept'));
    await until(async () => (await count('events')) === 1);
    await until(async () => (await count('sessions')) === 1);
    // What the sign-in just now counted and sent stays: its window and its message are today's.
    expect(await count('rate_limit_buckets')).toBeGreaterThan(0);
    expect(await count('outbox_messages')).toBe(1);
    expect(await count('failure_counters')).toBe(0);
    expect((await h.json('POST', '/sdk/v1/sessions/authenticate', {}, { session: kept.session_token })).status).toBe(200);
    for (const ended of [expiring, revoked])
      expect((await h.json('POST', '/sdk/v1/sessions/authenticate', {}, { session: ended.session_token })).status).toBe(401);
  });
});

describe('pruning in bounded batches', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.close());

  it('each batch deletes at most its limit; batches go on until none is left', async () => {
    const now = h.clock();
    const ended = new Date(now.getTime() - 2 * 86_400_000);
    await h.server.db
      .insertInto('one_time_secrets')
      .values(
        Array.from({ length: 250 }, () => ({
          secret_hash: randomBytes(32).toString('hex'),
          purpose: 'test_backlog',
          subject: null,
          user_id: null,
          bound: '{}',
          max_attempts: null,
          created_at: ended,
          expires_at: ended,
        })),
      )
      .execute();
    const batches: number[] = [];
    let deleted = -1;
    while (deleted !== 0) {
      deleted = await pruneOneTimeSecrets(h.server.db, now, 100);
      batches.push(deleted);
    }
    expect(batches).toEqual([100, 100, 50, 0]);
  });
});

describeWithPostgres('pruning shared by instances on one PostgreSQL database', (cluster) => {
  const open = async (url: string) => (await createDatabase({ databaseUrl: url, dataDir: tempDir() })).db;

  it('one instance of many claims each run of the schedule, however many ask at once; the next run is due a period later', async () => {
    const url = await cluster().createDatabase();
    const [a, b] = [await open(url), await open(url)];
    try {
      await migrateToLatest(a, migrations);
      const now = new Date();
      const claims = (at: Date) => Promise.all(Array.from({ length: 20 }, (_, n) => claimPruneRun(n % 2 ? a : b, at, 60_000)));
      expect((await claims(now)).filter(Boolean)).toHaveLength(1);
      expect((await claims(new Date(now.getTime() + 59_999))).filter(Boolean)).toHaveLength(0);
      expect((await claims(new Date(now.getTime() + 60_000))).filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });

  it('two instances pruning a backlog at once each take their own rows: all go once, live ones stay', async () => {
    const url = await cluster().createDatabase();
    const [a, b] = [await open(url), await open(url)];
    try {
      await migrateToLatest(a, migrations);
      const now = new Date();
      const user_id = 'user-pruning-backlog';
      await a
        .insertInto('users')
        .values({ user_id, created_at: now, status: 'active' } as never)
        .execute();
      const session = (n: number, ended: boolean) => ({
        session_id: `session-${ended ? 'ended' : 'live'}-${n}`,
        user_id,
        token_hash: randomBytes(32).toString('hex'),
        started_at: now,
        last_accessed_at: now,
        expires_at: new Date(now.getTime() + (ended ? -2 : 1) * 86_400_000),
        authentication_factors: '[]',
      });
      const rows = [...Array.from({ length: 2500 }, (_, n) => session(n, true)), ...Array.from({ length: 10 }, (_, n) => session(n, false))];
      for (let i = 0; i < rows.length; i += 500)
        await a
          .insertInto('sessions')
          .values(rows.slice(i, i + 500) as never)
          .execute();
      const deleted = await Promise.all([pruneAll(a, [pruneSessions], now), pruneAll(b, [pruneSessions], now)]);
      expect(deleted[0] + deleted[1]).toBe(2500);
      const left = await a.selectFrom('sessions').select('session_id').execute();
      expect(left.map((row) => row.session_id).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `session-live-${n}`).sort());
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
    }
  });
});
