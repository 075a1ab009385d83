import { afterAll, expect, it } from 'vitest';
import { capturedLog, type LogLine } from '../helpers/captured-log.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';

/**
 * PostgreSQL stopped under a running server: a call that needs it is refused with a 503 the caller
 * can act on (try again, Retry-After), and the operator reads one warning per call, not a stack as
 * for a bug.
 */
describeWithPostgres('a database that has gone away', (cluster) => {
  const lines: LogLine[] = [];
  let server: ListeningServer | undefined;
  afterAll(() => server?.close());

  it('answers 503 database_unavailable with Retry-After, logged as a warning', async () => {
    server = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET }, {}, capturedLog(lines));
    expect((await server.send('POST', '/sdk/v1/otps/email/login_or_create', { email: uniqueEmail('before') })).status).toBe(200);

    await cluster().stop();
    const answer = await server.send('POST', '/sdk/v1/otps/email/login_or_create', { email: uniqueEmail('after') });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({
      status_code: 503,
      request_id: answer.headers['x-request-id'],
      error_type: 'database_unavailable',
      error_message: 'The service cannot reach its database right now. Please try again in a moment.',
    });
    const tied = lines.filter((line) => line.request_id === answer.headers['x-request-id']);
    expect(tied.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'The database did not answer; the call was refused with 503 database_unavailable.'],
      ['error', 'Request answered'],
    ]);
    expect(lines.filter((line) => line.msg === 'Unhandled error')).toEqual([]);
  });
});
