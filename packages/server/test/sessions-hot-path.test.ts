import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { nodeListener, type HotPaths } from '../src/http/node-listener.js';
import { uniqueEmail } from './helpers/harness.js';
import { startListening, type ListeningServer } from './helpers/listening.js';
import { ORIGIN, PUBLIC_TOKEN } from './helpers/test-config.js';

/**
 * The session check is answered before the Hono app when served by Node (features/sessions/
 * check-hot-path.ts). Its answers must be the app's, and every call it hands on must reach the app
 * whole (its body already read), so that the app words the error.
 */

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One call over a socket, with exactly these headers and body bytes. */
function call(port: number, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What an integrator sees of an answer: its status, its body but the request id, and its headers but those that differ per call. */
function seen(answer: Raw) {
  const { request_id: requestId, ...body } = JSON.parse(answer.text) as { request_id: string };
  const { date: _date, 'x-request-id': headerId, ...headers } = answer.headers;
  expect(headerId).toBe(requestId);
  return { status: answer.status, body, headers };
}

describe('the session check served before the app', () => {
  let server: ListeningServer;
  let session: SessionResponse;
  const check = (headers: Record<string, string>, body?: string, path = '/sdk/v1/sessions/authenticate') =>
    call(
      server.port,
      path,
      { 'X-Public-Token': PUBLIC_TOKEN, Authorization: `Bearer ${session.session_token}`, 'Content-Type': 'application/json', ...headers },
      body,
    );

  beforeAll(async () => {
    server = await startListening();
    session = await server.signInByLink(uniqueEmail('hot'));
  });
  afterAll(() => server.close());

  it('answers a check exactly as the app does, from an allowed origin or none', async () => {
    const origins: Array<Record<string, string>> = [{ Origin: ORIGIN }, {}, { Origin: 'https://elsewhere.example' }];
    for (const origin of origins) {
      // A query string is not the hot path's: the same call then goes through the app.
      const hot = await check(origin, '{}');
      const app = await check(origin, '{}', '/sdk/v1/sessions/authenticate?through=app');
      expect(seen(hot)).toEqual(seen(app));
      expect(hot.status).toBe(200);
      expect(hot.headers['cache-control']).toBe('no-store');
      expect(hot.headers['x-content-type-options']).toBe('nosniff');
      expect(hot.headers['access-control-allow-origin']).toBe(origin.Origin === ORIGIN ? ORIGIN : undefined);
      const body = JSON.parse(hot.text) as SessionResponse;
      expect(body.session_token).toBe(session.session_token);
      expect(body.user).toEqual(session.user);
      expect(body.session.session_id).toBe(session.session.session_id);
    }
  });

  it('extends a session by the duration asked for, and an empty body counts as {}', async () => {
    const extended = await check({}, JSON.stringify({ session_duration_minutes: 120 }));
    expect(extended.status).toBe(200);
    const expires = Date.parse((JSON.parse(extended.text) as SessionResponse).session.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120 * 60_000);
    const empty = await check({ 'Content-Type': '' }, '');
    expect(empty.status).toBe(200);
  });

  it('hands every other call to the app, body and all, which words the error', async () => {
    const cases: Array<[Record<string, string>, string | undefined, number, string, string?]> = [
      [{ 'X-Public-Token': 'another-project' }, '{}', 401, 'invalid_public_token'],
      [{ Authorization: '' }, '{}', 401, 'user_unauthenticated'],
      [{ Authorization: 'Basic abc' }, '{}', 401, 'user_unauthenticated'],
      [{ Authorization: 'Bearer not-a-session' }, '{}', 401, 'session_not_found'],
      [{}, '{"session_duration_minutes": ', 400, 'bad_request', 'Request body is not valid JSON.'],
      [{ 'Content-Type': 'text/plain' }, '{}', 415, 'unsupported_media_type'],
      [{}, JSON.stringify({ extra: true }), 400, 'bad_request', 'Unknown field: extra.'],
      [{}, JSON.stringify({ session_duration_minutes: 'long' }), 400, 'bad_request', 'Field session_duration_minutes must be a number.'],
      [{}, JSON.stringify({ session_duration_minutes: 1 }), 400, 'invalid_duration'],
      [{}, 'x'.repeat(20_000), 413, 'payload_too_large'],
    ];
    for (const [headers, body, status, errorType, message] of cases) {
      const answer = await check(headers, body);
      const parsed = JSON.parse(answer.text) as { error_type: string; error_message: string; request_id: string };
      expect({ status: answer.status, errorType: parsed.error_type }, JSON.stringify(headers) + (body ?? '').slice(0, 40)).toEqual({ status, errorType });
      if (message) expect(parsed.error_message).toBe(message);
      expect(answer.headers['x-request-id']).toBe(parsed.request_id);
    }
  });

  it('refuses a session once it is revoked, and a body sent in chunks still reaches the app', async () => {
    const other = await server.signInByLink(uniqueEmail('hot-revoked'));
    const chunked = await call(
      server.port,
      '/sdk/v1/sessions/authenticate',
      { 'X-Public-Token': PUBLIC_TOKEN, Authorization: `Bearer ${other.session_token}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      '{}',
    );
    expect(chunked.status).toBe(200);
    expect((await server.send('POST', '/sdk/v1/sessions/revoke', {}, { session: other.session_token })).status).toBe(200);
    const after = await call(
      server.port,
      '/sdk/v1/sessions/authenticate',
      { 'X-Public-Token': PUBLIC_TOKEN, Authorization: `Bearer ${other.session_token}`, 'Content-Type': 'application/json' },
      '{}',
    );
    expect({ status: after.status, type: (JSON.parse(after.text) as { error_type: string }).error_type }).toEqual({ status: 401, type: 'session_not_found' });
  });
});

describe('nodeListener', () => {
  /** A server of nodeListener around an app that echoes the body it read, and one hot path. */
  async function serve(hot: HotPaths extends Map<string, infer H> ? H : never) {
    const log: string[] = [];
    const listener = nodeListener(async (incoming) => new Response(`app read ${await incoming.text()}`), new Map([['POST /hot', hot]]), {
      info() {},
      warn() {},
      error: (message) => void log.push(message),
    });
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const send = async (path: string) => (await call(port, path, { 'Content-Length': '5' }, 'hello')).text;
    return { send, log, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('lets a hot path answer, and passes what it declines or fails on to the app', async () => {
    const answering = await serve(async (_request, response) => {
      response.end('hot');
      return true;
    });
    expect(await answering.send('/hot')).toBe('hot');
    expect(await answering.send('/hot?q')).toBe('app read hello');
    expect(await answering.send('/cold')).toBe('app read hello');
    await answering.close();

    const declining = await serve(async () => false);
    expect(await declining.send('/hot')).toBe('app read hello');
    await declining.close();

    const failing = await serve(async () => {
      throw new Error('boom');
    });
    expect(await failing.send('/hot')).toBe('app read hello');
    expect(failing.log).toEqual(['A hot path failed; the call went on to the app.']);
    await failing.close();
  });
});
