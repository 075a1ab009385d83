import { afterAll, beforeAll, describe, it } from 'vitest';
import { startListening, type ListeningServer } from './listening.js';
import { PG_BIN, postgresAvailable, startPostgres, type PostgresCluster } from './postgres.js';
import { TEST_SECRET } from './test-config.js';

const CI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Tests that need a real PostgreSQL 15: a throwaway cluster for the block (`cluster()` once
 * started). Without the server binaries the block is skipped, except under CI, where their
 * absence fails it: CI installs them, so a skip there would hide a broken setup.
 */
export function describeWithPostgres(title: string, body: (cluster: () => PostgresCluster) => void): void {
  if (!postgresAvailable() && !CI) {
    describe.skip(`${title} (PostgreSQL 15 binaries not installed at ${PG_BIN})`, () => {
      it('skipped', () => {});
    });
    return;
  }
  describe(title, () => {
    let cluster: PostgresCluster | undefined;
    beforeAll(async () => {
      if (!postgresAvailable()) throw new Error(`CI=true but the PostgreSQL 15 server binaries are missing at ${PG_BIN}.`);
      cluster = await startPostgres();
    });
    // Registered first, so it runs last: after the block's own clean-up has closed its servers.
    afterAll(async () => {
      await cluster?.stop();
    });
    body(() => cluster!);
  });
}

/**
 * Two instances of the server on one new database of the block's cluster (the same secret, as
 * every instance of a deployment has), started before the block's tests and closed after them:
 * read `a` and `b` inside a test.
 */
export function twoInstances(cluster: () => PostgresCluster): { a: ListeningServer; b: ListeningServer } {
  const servers = {} as { a: ListeningServer; b: ListeningServer };
  beforeAll(async () => {
    const url = await cluster().createDatabase();
    servers.a = await startListening({ databaseUrl: url, secret: TEST_SECRET });
    servers.b = await startListening({ databaseUrl: url, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await servers.a?.close();
    await servers.b?.close();
  });
  return servers;
}
