import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase, TEST_SECRET } from '../helpers/test-config.js';
import { scrape, total } from '../metrics/scrape.js';

/**
 * A PostgreSQL that stops answering without closing anything (SIGSTOP on the postmaster and its
 * backends: the connections stay open, the kernel still acknowledges, no reply ever comes), as an
 * outside attack found: /metrics hung on its count of pending webhook deliveries, and SIGTERM never
 * finished, the server waiting on the database for ever after its drain.
 */
const GRACE_SECONDS = 2;
/** start-server.ts's CLOSE_DEADLINE_MS, and room for a loaded machine to exit. */
const CLOSE_DEADLINE_MS = 5000;
const SLACK_MS = 3000;

/** The cluster's server processes: the postmaster (postmaster.pid's first line) and its children. */
function clusterProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

/** Queries of the pool holding a connection or waiting for one, as the metrics show them. */
function poolInUse(samples: Parameters<typeof total>[0]): number {
  return (
    total(samples, 'vestibule_database_pool_connections') -
    total(samples, 'vestibule_database_pool_idle_connections') +
    total(samples, 'vestibule_database_pool_waiting_queries')
  );
}

/** GET /metrics, failing when it has not answered within 3 s. */
async function scrapeWithin3s(port: number): ReturnType<typeof scrape> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error('GET /metrics did not answer within 3 s')), 3000);
  });
  try {
    return await Promise.race([scrape(port), late]);
  } finally {
    clearTimeout(timer);
  }
}

describeWithPostgres('a frozen PostgreSQL', (cluster) => {
  let server: ServerProcess | undefined;
  let frozen: number[] = [];
  afterAll(() => {
    server?.child.kill('SIGKILL');
    // Never leave a stopped cluster behind, whatever failed.
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
  });

  it('leaves /metrics answering within seconds, and SIGTERM ends the process within the grace and the close deadline', async () => {
    server = await startServerProcess({
      DATABASE_URL: await cluster().createDatabase(),
      VESTIBULE_DATA_DIR: dataDirWithDatabase(),
      VESTIBULE_SECRET: TEST_SECRET,
      VESTIBULE_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    const port = Number(new URL(server.url).port);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const before = await scrape(port);
    expect(before.status).toBe(200);
    expect(total(before.samples, 'vestibule_webhook_deliveries_pending')).toBe(0);

    frozen = clusterProcesses(cluster().dataDir);
    try {
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');

      // The scrape answers, the pending deliveries at their last count.
      const first = await scrapeWithin3s(port);
      expect(first.status).toBe(200);
      expect(first.samples.some((sample) => sample.name === 'vestibule_webhook_deliveries_pending')).toBe(true);
      // Five scrapes at once share the count still under way: no query per scrape piles up on the pool.
      const together = await Promise.all(Array.from({ length: 5 }, () => scrapeWithin3s(port)));
      expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const after = await scrapeWithin3s(port);
      // The change feed's liveness notice (one every 5 s) may have taken one more meanwhile.
      expect(poolInUse(after.samples) - poolInUse(first.samples)).toBeLessThanOrEqual(2);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, new Promise((done) => setTimeout(() => done('still running'), 30_000))]);
      const took = Date.now() - signalled;
      expect(code).toBe(1);
      expect(took).toBeLessThan(GRACE_SECONDS * 1000 + CLOSE_DEADLINE_MS + SLACK_MS);
      expect(server.output()).toMatch(/did not close within 5 s/);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    }
  }, 90_000);
});
