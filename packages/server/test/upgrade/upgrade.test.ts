import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { databaseDir, openDatabase, ranMigrations } from '../../src/backup/embedded-database.js';
import { migrations } from '../../src/features/index.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { testClock } from '../helpers/harness.js';
import { refreshApp } from '../helpers/idp-app.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { PG_BIN, withConnection } from '../helpers/postgres.js';
import { tempDir } from '../helpers/test-config.js';
import { allWaysIn, type PersonWithWaysIn, tryWaysIn } from '../helpers/ways-in.js';
import { FIXTURES, type MadeDatabase, personFrom, readMadeFixture } from './fixture.js';

/**
 * Databases made by the release before issue 31 (fixtures/, see make-fixture.ts), opened by this
 * one: it runs the migrations that release did not have, and what the release made still works.
 * The servers' clock is the fixture's time, a minute after it was made: sessions last 30 minutes,
 * and what is tested is that the upgrade keeps them, not how long ago the fixture was made.
 */
const made = readMadeFixture();
const atFixtureTime = () => testClock(Date.parse(made.made_at) + 60_000);
const allNames = Object.keys(migrations);

/** The management key, the JWKS's key ids and the relying party's refresh token, as the release left them. */
async function expectKeysKept(server: ListeningServer, state: MadeDatabase): Promise<void> {
  expect((await manage(server, 'GET', '/v1/keys', undefined, { session: state.management_key })).status).toBe(200);
  const jwks = await server.send<{ keys: { kid: string }[] }>('GET', '/.well-known/jwks.json', undefined, { token: null });
  expect(jwks.body.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(state.kids));
  const refreshed = await refreshApp(server, state.refresh_token);
  expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
}

describe('upgrading the embedded database of the release before', () => {
  it('runs the new migrations on start, and the password, passkey, session, management key, signing keys and refresh token still work', async () => {
    const dataDir = tempDir();
    const tarball = brotliDecompressSync(readFileSync(FIXTURES.embedded));
    await (await openDatabase(databaseDir(dataDir), tarball)).db.destroy();
    expect(made.embedded.migrations.length).toBeLessThan(allNames.length);

    const server = await startListening({}, { VESTIBULE_DATA_DIR: dataDir, VESTIBULE_SECRET: made.secret }, undefined, atFixtureTime());
    try {
      const person = personFrom(made.embedded.person);
      expect(await tryWaysIn(server, person)).toEqual(allWaysIn(person.userId));
      await expectKeysKept(server, made.embedded);
    } finally {
      await server.close();
    }
    const { db } = await openDatabase(databaseDir(dataDir));
    try {
      expect(await ranMigrations(db)).toEqual(allNames);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});

describeWithPostgres('upgrading a PostgreSQL database of the release before, two instances starting at once', (cluster) => {
  it('both start and serve, the migrations run once, and what the release made still works on each', async () => {
    const url = await cluster().createDatabase();
    await promisify(execFile)(join(PG_BIN, 'pg_restore'), ['--no-owner', '--single-transaction', `--dbname=${url}`, FIXTURES.postgres]);
    expect(made.postgres.migrations.length).toBeLessThan(allNames.length);

    // Both migrate at start; Kysely's migrator holds an advisory lock, so the second finds the work done.
    const clock = atFixtureTime();
    const started = await Promise.allSettled([1, 2].map(() => startListening({ databaseUrl: url, secret: made.secret }, {}, undefined, clock)));
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const [a, b] = servers;
    try {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started']);
      const recorded = await withConnection(url, (client) => client.query<{ name: string }>('select name from vestibule_migrations order by name'));
      expect(recorded.rows.map((row) => row.name)).toEqual(allNames);

      const person: PersonWithWaysIn = personFrom(made.postgres.person);
      expect(await tryWaysIn(a!, person)).toEqual(allWaysIn(person.userId));
      expect((await b!.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: person.session })).status).toBe(200);
      await expectKeysKept(b!, made.postgres);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  }, 180_000);
});
