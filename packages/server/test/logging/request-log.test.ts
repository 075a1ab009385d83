import { createServer as createNodeServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/index.js';
import { capturedLog, type LogLine } from '../helpers/captured-log.js';
import { uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { startServerProcess } from '../helpers/server-process.js';
import { dataDirWithDatabase, PUBLIC_TOKEN, testConfig } from '../helpers/test-config.js';

/**
 * The request log as an operator reads it: one line per request once answered, with the id the
 * caller got (X-Request-Id), the method, the route as declared, the status, the duration and the
 * caller's address; a 5xx at error, tied to its cause's line by that id. Over real sockets, with
 * the server's own logger writing JSON lines into an array; and the server run as its own
 * process, whose stdout holds every line when it stops.
 */

/** The request line of the answer that carried `requestId` (lines come once the answer has gone). */
async function requestLine(lines: LogLine[], requestId: unknown): Promise<LogLine> {
  expect(requestId).toEqual(expect.any(String));
  const find = () => lines.find((line) => line.msg === 'Request answered' && line.request_id === requestId);
  await expect.poll(find).toBeDefined();
  return find()!;
}

describe('a request line', () => {
  const lines: LogLine[] = [];
  let s: ListeningServer;
  beforeAll(async () => {
    s = await startListening({}, {}, capturedLog(lines));
  });
  afterAll(() => s.close());

  it('has the id the caller got, the method, the route as declared, the status, the duration in ms and the caller, at info', async () => {
    const answer = await s.send('POST', '/sdk/v1/otps/email/login_or_create', { email: uniqueEmail('request-line') }, { from: '127.0.0.23' });
    expect(answer.status).toBe(200);
    const line = await requestLine(lines, answer.headers['x-request-id']);
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      pid: process.pid,
      hostname: expect.any(String),
      msg: 'Request answered',
      request_id: answer.headers['x-request-id'],
      method: 'POST',
      route: '/sdk/v1/otps/email/login_or_create',
      status: 200,
      duration_ms: expect.any(Number),
      client_address: '127.0.0.23',
    });
    expect(line.duration_ms).toBeGreaterThan(0);
  });

  it('names a path no route serves unmatched, never the path as sent (nor its query)', async () => {
    const answer = await s.send('GET', `/no/such/${uniqueEmail('path')}?token=abc`);
    expect(answer.status).toBe(404);
    expect(await requestLine(lines, answer.headers['x-request-id'])).toMatchObject({ level: 'info', method: 'GET', route: 'unmatched', status: 404 });
  });

  it('names a CORS preflight preflight, whatever its path', async () => {
    const answer = await s.send('OPTIONS', '/sdk/v1/otps/email/login_or_create', undefined, {
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(await requestLine(lines, answer.headers['x-request-id'])).toMatchObject({ method: 'OPTIONS', route: 'preflight', status: 204 });
  });

  it('is written for the session check Node answers before the app, and for a refused one', async () => {
    const { session_token } = await s.signInByLink(uniqueEmail('checked'));
    const checked = await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session_token, from: '127.0.0.24' });
    const refused = await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: `${session_token}x`, from: '127.0.0.24' });
    expect([checked.status, refused.status]).toEqual([200, 401]);
    expect(await requestLine(lines, checked.headers['x-request-id'])).toMatchObject({
      level: 'info',
      route: '/sdk/v1/sessions/authenticate',
      status: 200,
      client_address: '127.0.0.24',
    });
    expect(await requestLine(lines, refused.headers['x-request-id'])).toMatchObject({ level: 'info', route: '/sdk/v1/sessions/authenticate', status: 401 });
  });

  it.each([
    ['a route of the app', '/sdk/v1/otps/email/login_or_create', false],
    ['the session check Node answers before the app', '/sdk/v1/sessions/authenticate', true],
  ])('says so when the caller left mid-body (%s): one line, with the route, its id and a 499, and no error', async (_what, path, withSession) => {
    const session = withSession ? (await s.signInByLink(uniqueEmail('mid-body'))).session_token : null;
    const before = lines.length;
    // Headers and part of the body, then the connection closes with the rest still owed.
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': '100',
          'X-Public-Token': PUBLIC_TOKEN,
          ...(session ? { Authorization: `Bearer ${session}` } : {}),
        },
        agent: false,
      });
      req.on('error', () => resolve());
      req.write('{"email":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    const closed = () => lines.slice(before).find((line) => line.msg === 'Request closed before its answer was whole');
    await expect.poll(closed).toMatchObject({
      level: 'info',
      method: 'POST',
      route: path,
      status: 499,
      request_id: expect.stringMatching(/^request-/),
      completed: false,
      client_address: '127.0.0.1',
    });
    // The app finishes with the body it could not read after the line: give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.slice(before).map((line) => [line.level, line.msg, line.status])).toEqual([['info', 'Request closed before its answer was whole', 499]]);
  });
});

describe('a 5xx', () => {
  it('is an error line with the id of the line that says its cause', async () => {
    const lines: LogLine[] = [];
    const vestibule = await createServer(testConfig({ port: 0 }), { logger: capturedLog(lines) });
    const listening = createNodeServer(vestibule.listener);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    try {
      // The database gone: what reads it fails in a way no route answers with a 4xx.
      await vestibule.db.destroy();
      const answer = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/sdk/v1/otps/email/login_or_create`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Public-Token': PUBLIC_TOKEN },
        body: JSON.stringify({ email: uniqueEmail('five-hundred') }),
      });
      expect(answer.status).toBe(500);
      const requestId = answer.headers.get('x-request-id');
      expect(await requestLine(lines, requestId)).toMatchObject({ level: 'error', route: '/sdk/v1/otps/email/login_or_create', status: 500 });
      const tied = lines.filter((line) => line.request_id === requestId);
      expect(tied.map((line) => [line.level, line.msg])).toEqual([
        ['error', 'Unhandled error'],
        ['error', 'Request answered'],
      ]);
    } finally {
      await new Promise((resolve) => listening.close(resolve));
      await vestibule.close();
    }
  });
});

describe('vestibule-server, run as a process', () => {
  it('writes JSON lines on stdout with VESTIBULE_LOG_FORMAT=json, every request line out when it stops', async () => {
    const server = await startServerProcess({ VESTIBULE_DATA_DIR: dataDirWithDatabase(), VESTIBULE_LOG_FORMAT: 'json' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => fetch(`${server.url}/${n % 2 ? 'healthz' : 'made-up'}`, { headers: { 'X-Public-Token': PUBLIC_TOKEN } })),
      );
      const ids = answers.map((answer) => answer.headers.get('x-request-id'));
      // Stopped at once: the lines of the last answers are still buffered when the stop begins.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Every line is JSON, the start's included.
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine);
      expect(logged.find((line) => line.url)).toMatchObject({ level: 'info', msg: `Vestibule API: ${server.url}`, url: server.url });
      const requestIds = logged.filter((line) => line.msg === 'Request answered').map((line) => line.request_id);
      expect(ids.filter((id) => !requestIds.includes(id))).toEqual([]);
      expect(logged.find((line) => line.route === '/healthz')).toMatchObject({ level: 'info', method: 'GET', status: 200, client_address: '127.0.0.1' });
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('writes readable lines in development unless told otherwise', async () => {
    const server = await startServerProcess({ VESTIBULE_DATA_DIR: dataDirWithDatabase() });
    try {
      const answer = await fetch(`${server.url}/healthz`);
      const requestId = answer.headers.get('x-request-id')!;
      await expect.poll(() => stripVTControlCharacters(server.output())).toContain(requestId);
      const line = stripVTControlCharacters(server.output())
        .split('\n')
        .find((text) => text.includes(requestId));
      expect(line).toMatch(
        new RegExp(`^\\[[\\d:.]+\\] INFO: GET /healthz 200 [\\d.]+ ms \\{"request_id":"${requestId}","client_address":"127\\.0\\.0\\.1"\\}$`),
      );
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
