import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnsweredRequest } from '../src/http/answered-requests.js';
import { uniqueEmail } from './helpers/harness.js';
import { type ListeningServer, startListening } from './helpers/listening.js';

/**
 * What the listener reports of each request once answered (http/answered-requests.ts), which the
 * request log and the metrics are made from: the route as declared, never the path as sent, the
 * status, the id the answer carried and the caller, for calls the app answers and for the session
 * check that Node answers before it. Over real sockets.
 */
let s: ListeningServer;
const answered: AnsweredRequest[] = [];
beforeAll(async () => {
  s = await startListening({}, {}, undefined, undefined, { requestObservers: [(request) => answered.push(request)] });
});
afterAll(() => s.close());

/** The report of the request whose answer carried `requestId` (reports come once the answer has gone). */
async function reportOf(requestId: string | string[] | undefined): Promise<AnsweredRequest> {
  await expect.poll(() => answered.find((report) => report.requestId === requestId)).toBeDefined();
  return answered.find((report) => report.requestId === requestId)!;
}

describe('each request, once answered', () => {
  it('names the route as declared, with its status, id, duration and caller', async () => {
    const answer = await s.send('GET', `/v1/users/${'x'.repeat(20)}`, undefined, {
      session: 'vsk_nobody',
      token: null,
      from: '127.0.0.9',
    });
    expect(answer.status).toBe(401);
    expect(await reportOf(answer.headers['x-request-id'])).toMatchObject({
      method: 'GET',
      route: '/v1/users/:user_id',
      status: 401,
      clientAddress: '127.0.0.9',
      completed: true,
      durationMs: expect.any(Number),
    });
  });

  it('calls a path no route serves unmatched, so that made-up paths add no routes', async () => {
    const answer = await s.send('GET', `/made-up/${uniqueEmail('path')}`);
    expect(answer.status).toBe(404);
    expect(await reportOf(answer.headers['x-request-id'])).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('reports the session check Node answers before the app, as its route', async () => {
    const { session_token } = await s.signInByLink(uniqueEmail('observed'));
    const answer = await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session_token, from: '127.0.0.7' });
    expect(answer.status).toBe(200);
    expect(await reportOf(answer.headers['x-request-id'])).toMatchObject({
      method: 'POST',
      route: '/sdk/v1/sessions/authenticate',
      status: 200,
      clientAddress: '127.0.0.7',
      completed: true,
    });
  });
});
