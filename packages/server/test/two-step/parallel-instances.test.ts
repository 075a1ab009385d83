import { describeWithPostgres, twoInstances } from '../helpers/describe-with-postgres.js';
import { describeParallelSteps } from './parallel-cases.js';

/**
 * The parallel second steps (parallel-cases.ts) on PostgreSQL, where requests really run at the
 * same time (parallel connections): on one instance, and spread over two instances of one
 * database, whose counters and single-use rows are the database's.
 */
describeWithPostgres('second steps arriving together on PostgreSQL', (cluster) => {
  const servers = twoInstances(cluster);
  describeParallelSteps('one instance', async () => [servers.a]);
  describeParallelSteps('two instances', async () => [servers.a, servers.b]);
});
