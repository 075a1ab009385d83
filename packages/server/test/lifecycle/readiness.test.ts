import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { withConnection } from '../helpers/postgres.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { startPostgresProxy, type PostgresProxy } from './tcp-proxy.js';

/** Long enough for the change listener's reconnection (every second) and the pool's, on a busy machine. */
const WAIT = { timeout: 15_000, interval: 200 };

describeWithPostgres('readiness: /readyz says whether an instance should get traffic, /healthz that it runs', (cluster) => {
  let proxy: PostgresProxy;
  let s: ListeningServer;
  let databaseUrl: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    databaseUrl = await cluster().createDatabase();
    proxy = await startPostgresProxy(databaseUrl);
    s = await startListening(
      { databaseUrl: proxy.url, secret: TEST_SECRET },
      {},
      {
        info() {},
        warn: (message) => warnings.push(message),
        error: (message) => warnings.push(message),
      },
    );
  });
  afterAll(async () => {
    await s?.close();
    await proxy?.close();
  });

  const ready = () => s.send('GET', '/readyz', undefined, { token: null });
  const alive = () => s.send('GET', '/healthz', undefined, { token: null });

  it('answers 200 with each check when the database answers, the migrations are current and the listener is connected', async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', change_listener: 'ok' } });
    expect((await alive()).status).toBe(200);
  });

  it('answers 503 naming the database while it is cut, /healthz still 200, and 200 again once it is back', async () => {
    await proxy.cut();
    await vi.waitFor(async () => {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status_code: 503, error_type: 'not_ready' });
      expect(answer.body.error_message).toContain('The database does not answer.');
    }, WAIT);
    // The listener lost its connection with the rest, and says so too.
    await vi.waitFor(async () => expect((await ready()).body.error_message).toContain('The change listener is not connected.'), WAIT);
    expect(await alive()).toMatchObject({ status: 200, body: { status: 'ok' } });
    // The database's own words (host, port) stay in the log, out of the public answer.
    expect((await ready()).body.error_message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(warnings.some((line) => line.startsWith('Not ready: The database does not answer.'))).toBe(true);

    await proxy.restore();
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), WAIT);
  });

  it('names the change listener alone when only its connection is cut, and is ready once it listens again', async () => {
    proxy.refuseListeners(true);
    await vi.waitFor(async () => {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.error_message).toBe('The change listener is not connected.');
    }, WAIT);
    // The database itself still answers: sign-ins go on (from the database, not memory).
    expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: 'still-served@example.com' })).status).toBe(200);

    proxy.refuseListeners(false);
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), WAIT);
  });

  it('answers 503 naming the migration a database restored from before it lacks', async () => {
    const [last] = (
      await withConnection(databaseUrl, (client) => client.query<{ name: string }>('select name from vestibule_migrations order by name desc limit 1'))
    ).rows;
    await withConnection(databaseUrl, (client) => client.query('delete from vestibule_migrations where name = $1', [last!.name]));
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.error_message).toBe(`Migrations are not current: ${last!.name} is missing.`);
    } finally {
      await withConnection(databaseUrl, (client) => client.query('insert into vestibule_migrations (name, timestamp) values ($1, now()::text)', [last!.name]));
    }
    expect((await ready()).status).toBe(200);
  });
});
