import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/create-server.js';
import { pruneOneTimeSecrets } from '../src/kernel/one-time-secrets.js';
import { harnessFor, testClock, uniqueEmail, type Harness } from './helpers/harness.js';
import { testConfig } from './helpers/test-config.js';
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
