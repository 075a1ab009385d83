import type { WebhookCreateResponse } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../helpers/harness.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ServerConfig } from '../../src/index.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { MANAGEMENT_KEY, manage } from '../helpers/management.js';
import { sharedHarness, sharedListening } from '../helpers/shared-stack.js';

/**
 * Registering and changing webhook endpoints through the management API: what operators send and
 * read back. The signing secret is answered once and never again, and is not kept in the clear; a
 * bad input is a 4xx naming what is wrong, never a 500.
 */
let s: ListeningServer;
const made: string[] = [];
beforeAll(async () => {
  s = await sharedListening();
});
afterAll(async () => {
  for (const id of made) await manage(s, 'DELETE', `/v1/webhooks/${id}`);
});

const RECEIVER_URL = 'http://127.0.0.1:9/hooks';

async function create(body: Record<string, unknown> = {}) {
  const answer = await manage<WebhookCreateResponse>(s, 'POST', '/v1/webhooks', { url: RECEIVER_URL, event_types: ['user.created'], ...body });
  if (answer.status === 200) made.push(answer.body.webhook_id);
  return answer;
}

describe('endpoints', () => {
  it('are made with a whsec_ secret shown once, then listed, read and changed without it', async () => {
    const answer = await create({ event_types: ['user.created', 'session.revoked'], description: '  CRM sync  ' });
    expect(answer.status).toBe(200);
    const { webhook_id: id, secret, webhook } = answer.body;
    expect(id).toMatch(/^webhook-[0-9a-f-]{36}$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toEqual({
      webhook_id: id,
      url: RECEIVER_URL,
      event_types: ['user.created', 'session.revoked'],
      description: 'CRM sync',
      disabled: false,
      created_at: expect.any(String),
      updated_at: webhook.created_at,
    });
    // A second endpoint has a secret of its own.
    expect((await create()).body.secret).not.toBe(secret);

    const listed = await manage(s, 'GET', '/v1/webhooks');
    expect(listed.body.webhooks).toContainEqual(webhook);
    const read = await manage(s, 'GET', `/v1/webhooks/${id}`);
    expect(read.body.webhook).toEqual(webhook);
    const changed = await manage(s, 'PATCH', `/v1/webhooks/${id}`, { event_types: ['user.deleted'], description: null, disabled: true });
    expect(changed.body.webhook).toMatchObject({ url: RECEIVER_URL, event_types: ['user.deleted'], description: null, disabled: true });
    expect(Date.parse(changed.body.webhook.updated_at)).toBeGreaterThanOrEqual(Date.parse(webhook.updated_at));
    const deliveries = await manage(s, 'GET', `/v1/webhooks/${id}/deliveries`);
    for (const body of [listed.body, read.body, changed.body, deliveries.body]) {
      expect(JSON.stringify(body)).not.toContain(secret.slice(6));
      expect(JSON.stringify(body)).not.toMatch(/secret/);
    }
  });

  it('keep the secret sealed at rest: the database holds neither it nor its base64', async () => {
    const h = await sharedHarness();
    const answer = await h.json<WebhookCreateResponse>(
      'POST',
      '/v1/webhooks',
      { url: RECEIVER_URL, event_types: ['user.created'] },
      { token: null, session: MANAGEMENT_KEY },
    );
    expect(answer.status).toBe(200);
    const row = await h.server.db.selectFrom('webhook_endpoints').selectAll().where('webhook_id', '=', answer.body.webhook_id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(answer.body.secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(Buffer.from(answer.body.secret.slice(6), 'base64').toString('hex'));
    await h.json('DELETE', `/v1/webhooks/${answer.body.webhook_id}`, undefined, { token: null, session: MANAGEMENT_KEY });
  });

  it('once deleted are gone: reading, changing, deleting again and their deliveries are 404 webhook_not_found', async () => {
    const id = (await create()).body.webhook_id;
    expect((await manage(s, 'DELETE', `/v1/webhooks/${id}`)).body).toMatchObject({ status_code: 200, webhook_id: id });
    for (const [method, path, body] of [
      ['GET', `/v1/webhooks/${id}`],
      ['PATCH', `/v1/webhooks/${id}`, { disabled: true }],
      ['DELETE', `/v1/webhooks/${id}`],
      ['GET', `/v1/webhooks/${id}/deliveries`],
      ['POST', `/v1/webhooks/${id}/deliveries/webhook-delivery-unknown/resend`],
    ] as const) {
      const answer = await manage(s, method, path, body);
      expect({ path, method, status: answer.status, error_type: answer.body.error_type }).toEqual({
        path,
        method,
        status: 404,
        error_type: 'webhook_not_found',
      });
    }
    expect((await manage(s, 'GET', '/v1/webhooks')).body.webhooks.map((w: { webhook_id: string }) => w.webhook_id)).not.toContain(id);
  });

  it("a delivery is resent only through its own endpoint: another's id is 404 webhook_delivery_not_found", async () => {
    const id = (await create()).body.webhook_id;
    const answer = await manage(s, 'POST', `/v1/webhooks/${id}/deliveries/webhook-delivery-00000000-0000-0000-0000-000000000000/resend`);
    expect({ status: answer.status, error_type: answer.body.error_type }).toEqual({ status: 404, error_type: 'webhook_delivery_not_found' });
  });

  it("the operator's actions on them are events naming the key", async () => {
    const id = (await create()).body.webhook_id;
    await manage(s, 'PATCH', `/v1/webhooks/${id}`, { url: 'http://localhost:9/other' });
    await manage(s, 'DELETE', `/v1/webhooks/${id}`);
    const events = (await manage(s, 'GET', '/v1/events?type=operator.action&limit=20')).body.events.filter(
      (event: { data: { webhook_id?: string } }) => event.data.webhook_id === id,
    );
    expect(events.map((event: { data: { action: string } }) => event.data.action)).toEqual(['webhook.deleted', 'webhook.updated', 'webhook.created']);
    expect(events[1].data).toMatchObject({ host: 'localhost:9', changed: ['url'] });
    for (const event of events) expect(event.actor).toEqual({ type: 'management_key', key_id: 'environment', name: 'VESTIBULE_MANAGEMENT_KEY' });
  });

  it("a URL's credentials (user and password, a token in the query or the path) are kept out of the events, which name its host; the endpoint answers its URL whole", async () => {
    const url = 'http://alice:s3cr3t@127.0.0.1:9/hooks/p4th-t0k3n?token=qu3ry-t0k3n#fr4g';
    const id = (await create({ url })).body.webhook_id;
    expect((await manage(s, 'GET', `/v1/webhooks/${id}`)).body.webhook.url).toBe(url);
    const changed = await manage(s, 'PATCH', `/v1/webhooks/${id}`, { url: 'http://bob:pa55w0rd@localhost:9/in?key=an0ther-k3y' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const events = (await manage(s, 'GET', '/v1/events?type=operator.action&limit=20')).body.events.filter(
      (event: { data: { webhook_id?: string } }) => event.data.webhook_id === id,
    );
    expect(events.map((event: { data: unknown }) => event.data)).toEqual([
      { action: 'webhook.updated', webhook_id: id, changed: ['url'], host: 'localhost:9', user_id: null },
      { action: 'webhook.created', webhook_id: id, host: '127.0.0.1:9', user_id: null },
    ]);
    for (const secret of ['alice', 's3cr3t', 'p4th-t0k3n', 'qu3ry-t0k3n', 'fr4g', 'bob', 'pa55w0rd', 'an0ther-k3y'])
      expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('answer a wrong management key 401 on every webhook route', async () => {
    const id = (await create()).body.webhook_id;
    for (const [method, path] of [
      ['GET', '/v1/webhooks'],
      ['POST', '/v1/webhooks'],
      ['GET', `/v1/webhooks/${id}`],
      ['PATCH', `/v1/webhooks/${id}`],
      ['DELETE', `/v1/webhooks/${id}`],
      ['GET', `/v1/webhooks/${id}/deliveries`],
      ['POST', `/v1/webhooks/${id}/deliveries/x/resend`],
    ] as const) {
      const answer = await manage(s, method, path, method === 'POST' || method === 'PATCH' ? { url: RECEIVER_URL, event_types: ['user.created'] } : undefined, {
        session: `${MANAGEMENT_KEY}-wrong`,
      });
      expect({ method, path, status: answer.status, error_type: answer.body.error_type }).toEqual({
        method,
        path,
        status: 401,
        error_type: 'invalid_management_credentials',
      });
    }
    expect((await manage(s, 'GET', `/v1/webhooks/${id}`)).status).toBe(200);
  });
});

describe('bad inputs', () => {
  const tooLong = 'x'.repeat(300);
  it.each([
    ['no url', { event_types: ['user.created'] }],
    ['no event types', { url: RECEIVER_URL }],
    ['an empty list of event types', { url: RECEIVER_URL, event_types: [] }],
    ['an event type that is not delivered', { url: RECEIVER_URL, event_types: ['sign_in.failed'] }],
    ['an unknown event type', { url: RECEIVER_URL, event_types: ['user.exploded'] }],
    ['an event type twice', { url: RECEIVER_URL, event_types: ['user.created', 'user.created'] }],
    ['a url that is not one', { url: 'hooks', event_types: ['user.created'] }],
    ['a url of another scheme', { url: 'gopher://127.0.0.1/', event_types: ['user.created'] }],
    ['a url over 2048 characters', { url: `http://127.0.0.1/${'a'.repeat(2048)}`, event_types: ['user.created'] }],
    ['a description over 500 characters', { url: RECEIVER_URL, event_types: ['user.created'], description: 'd'.repeat(501) }],
    ['a field it does not take', { url: RECEIVER_URL, event_types: ['user.created'], secret: 'whsec_mine' }],
    ['a url that is a number', { url: 5, event_types: ['user.created'] }],
    ['event types that are a string', { url: RECEIVER_URL, event_types: 'user.created' }],
  ])('registering with %s is 400 bad_request', async (_what, body) => {
    const answer = await manage(s, 'POST', '/v1/webhooks', body);
    expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({ status: 400, error_type: 'bad_request' });
  });

  it('bad changes, queries and ids are 400 bad_request, bodies that are not JSON too', async () => {
    const id = (await create()).body.webhook_id;
    const cases: Array<[string, string, unknown?, { json?: string }?]> = [
      ['PATCH', `/v1/webhooks/${id}`, { disabled: 'yes' }],
      ['PATCH', `/v1/webhooks/${id}`, { event_types: [] }],
      ['PATCH', `/v1/webhooks/${id}`, { secret: 'whsec_mine' }],
      ['PATCH', `/v1/webhooks/${id}`, undefined, { json: '{"url":' }],
      ['POST', '/v1/webhooks', undefined, { json: '[1, 2' }],
      ['GET', `/v1/webhooks/${id}/deliveries?limit=0`],
      ['GET', `/v1/webhooks/${id}/deliveries?limit=101`],
      ['GET', `/v1/webhooks/${id}/deliveries?limit=many`],
      ['GET', `/v1/webhooks/${id}/deliveries?status=lost`],
      ['GET', `/v1/webhooks/${id}/deliveries?cursor=x`],
      ['GET', `/v1/webhooks/${tooLong}`],
      ['POST', `/v1/webhooks/${id}/deliveries/${tooLong}/resend`],
    ];
    for (const [method, path, body, options] of cases) {
      const answer = await manage(s, method, path, body, options);
      expect({ method, path: path.slice(0, 80), status: answer.status, error_type: answer.body.error_type }).toEqual({
        method,
        path: path.slice(0, 80),
        status: 400,
        error_type: 'bad_request',
      });
    }
    expect((await manage(s, 'GET', `/v1/webhooks/${id}/deliveries?limit=100&status=failed`)).status).toBe(200);
  });
});

describe('an operator signed in to the console', () => {
  const operator = uniqueEmail('webhook-operator');
  let own: ListeningServer;
  let clock: TestClock;
  clockedServer((started) => ({ s: own, clock } = started), { project: { adminEmails: [operator] } as ServerConfig['project'] });

  it('registers, changes and deletes endpoints only with a recent sign-in; lists and reads them with any', async () => {
    const { session_token: session } = await own.signInByLink(operator);
    const registered = await manage<WebhookCreateResponse>(own, 'POST', '/v1/webhooks', { url: RECEIVER_URL, event_types: ['user.created'] }, { session });
    expect(registered.status).toBe(200);
    const id = registered.body.webhook_id;

    clock.advanceMinutes(11);
    for (const [method, path, body] of [
      ['POST', '/v1/webhooks', { url: RECEIVER_URL, event_types: ['user.created'] }],
      ['PATCH', `/v1/webhooks/${id}`, { url: 'http://localhost:9/elsewhere' }],
      ['DELETE', `/v1/webhooks/${id}`],
    ] as const) {
      const answer = await manage(own, method, path, body, { session });
      expect({ method, status: answer.status, error_type: answer.body.error_type }).toEqual({ method, status: 403, error_type: 'reauthentication_required' });
    }
    expect((await manage(own, 'GET', '/v1/webhooks', undefined, { session })).body.webhooks).toHaveLength(1);
    expect((await manage(own, 'GET', `/v1/webhooks/${id}`, undefined, { session })).body.webhook.url).toBe(RECEIVER_URL);
    // A key is its holder's proof every time.
    expect((await manage(own, 'DELETE', `/v1/webhooks/${id}`)).status).toBe(200);
  });
});
