import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { scrape, total } from './scrape.js';

/** On PostgreSQL the metrics show the connection pool's use and whether the change listener is connected. */
describeWithPostgres('/metrics on PostgreSQL', (cluster) => {
  let server: ListeningServer;
  beforeAll(async () => {
    server = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET });
  });
  afterAll(() => server?.close());

  it('shows the pool: its size, the connections open and idle, and no query waiting while the server is idle', async () => {
    const { status, samples } = await scrape(server.port);
    expect(status).toBe(200);
    expect(total(samples, 'vestibule_database_pool_max_connections')).toBe(10);
    const open = total(samples, 'vestibule_database_pool_connections');
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(10);
    expect(total(samples, 'vestibule_database_pool_idle_connections')).toBeLessThanOrEqual(open);
    expect(total(samples, 'vestibule_database_pool_waiting_queries')).toBe(0);
    expect(total(samples, 'vestibule_change_feed_connected')).toBe(1);
    expect(samples.some((sample) => sample.name === 'vestibule_webhook_deliveries_pending')).toBe(true);
  });
});
