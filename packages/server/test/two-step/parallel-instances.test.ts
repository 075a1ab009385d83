import { afterAll, beforeAll } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { describeParallelSteps } from './parallel-cases.js';

/**
 * The parallel second steps (parallel-cases.ts) on PostgreSQL, where requests really run at the
 * same time (parallel connections): on one instance, and spread over two instances of one
 * database, whose counters and single-use rows are the database's.
 */
describeWithPostgres('second steps arriving together on PostgreSQL', (cluster) => {
  let a: ListeningServer;
  let b: ListeningServer;
  beforeAll(async () => {
    const url = await cluster().createDatabase();
    a = await startListening({ databaseUrl: url, secret: TEST_SECRET });
    b = await startListening({ databaseUrl: url, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  describeParallelSteps('one instance', async () => [a]);
  describeParallelSteps('two instances', async () => [a, b]);
});
