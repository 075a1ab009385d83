import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, type Harness } from './helpers/harness.js';
import { ORIGIN } from './helpers/test-config.js';
import { sharedHarness } from './helpers/shared-stack.js';

const SEND = '/sdk/v1/magic_links/email/login_or_create';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

function expectErrorShape(body: any, status: number, type: string) {
  expect(body).toEqual({ status_code: status, request_id: expect.stringMatching(/^request-/), error_type: type, error_message: expect.any(String) });
}

describe('public token', () => {
  it('refuses /sdk/v1 calls without or with an unknown X-Public-Token', async () => {
    const email = uniqueEmail();
    for (const token of [null, 'public-token-test-wrong', '']) {
      const bootstrap = await h.json('GET', '/sdk/v1/projects/bootstrap', undefined, { token });
      expect(bootstrap.status).toBe(401);
      expectErrorShape(bootstrap.body, 401, 'invalid_public_token');
      const send = await h.json('POST', SEND, { email }, { token });
      expect(send.status).toBe(401);
      expect(send.body.error_type).toBe('invalid_public_token');
    }
    expect(await h.outbox(email)).toEqual([]);
  });

  it('answers bootstrap with the project settings', async () => {
    const { status, body } = await h.json('GET', '/sdk/v1/projects/bootstrap');
    expect(status).toBe(200);
    expect(body).toEqual({
      status_code: 200,
      request_id: expect.any(String),
      emailDomains: ['vestibule.test'],
      passwordConfig: null,
      displayWatermark: true,
      projectName: 'Vestibule Demo',
      rbacPolicy: null,
    });
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the SDK headers', async () => {
    const response = await h.call('OPTIONS', SEND, undefined, {
      token: null,
      origin: ORIGIN,
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-public-token,authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN);
    const allowed = response.headers.get('Access-Control-Allow-Headers')!.toLowerCase();
    for (const header of ['content-type', 'x-public-token', 'authorization']) expect(allowed).toContain(header);
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
  });

  it('gives no CORS grant to other origins', async () => {
    const preflight = await h.call('OPTIONS', SEND, undefined, {
      token: null,
      origin: 'https://evil.example',
      headers: { 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const get = await h.call('GET', '/sdk/v1/projects/bootstrap', undefined, { origin: 'https://evil.example' });
    expect(get.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const ok = await h.call('GET', '/sdk/v1/projects/bootstrap', undefined, { origin: 'http://127.0.0.1:3000' });
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe('http://127.0.0.1:3000');
  });
});

describe('HTTP errors', () => {
  it('answers 404 not_found for unknown routes, with or without a token', async () => {
    for (const path of ['/nope', '/sdk/v1/nope', '/sdk/v2/projects/bootstrap']) {
      const response = await h.json('GET', path, undefined, { token: null });
      expect(response.status).toBe(404);
      expectErrorShape(response.body, 404, 'not_found');
      expect(response.headers.get('X-Request-Id')).toBe(response.body.request_id);
    }
  });

  it('answers 405 for a known route with the wrong method', async () => {
    const get = await h.json('GET', SEND);
    expect(get.status).toBe(405);
    expectErrorShape(get.body, 405, 'method_not_allowed');
    expect(get.headers.get('Allow')).toContain('POST');
    expect((await h.json('DELETE', '/sdk/v1/users/me')).status).toBe(405);
  });

  it('answers 413 for a body over 16 KiB, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: `${'a'.repeat(17 * 1024)}@example.com` });
    const response = await h.json('POST', SEND, undefined, { rawBody: big });
    expect(response.status).toBe(413);
    expectErrorShape(response.body, 413, 'payload_too_large');
    const streamed = await h.server.app.fetch(
      new Request(`${h.config.publicUrl}${SEND}`, {
        method: 'POST',
        headers: { 'X-Public-Token': 'public-token-test-5f3a9c1e-demo', 'Content-Type': 'application/json' },
        body: new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('answers 400 bad_request naming the field for bad JSON, wrong types, missing and unknown fields', async () => {
    const cases: Array<[string, RegExp]> = [
      ['{"email":', /not valid JSON/],
      ['[]', /must be a JSON object/],
      ['{}', /Missing required field: email/],
      ['{"email": 42}', /Field email must be a string/],
      ['{"email": "a@b.co", "admin": true}', /Unknown field: admin/],
      ['{"email": "a@b.co", "login_expiration_minutes": 7.5}', /login_expiration_minutes/],
      ['{"email": "a@b.co", "create_user_as_pending": "yes"}', /create_user_as_pending/],
    ];
    for (const [rawBody, message] of cases) {
      const response = await h.json('POST', SEND, undefined, { rawBody });
      expect(response.status, rawBody).toBe(400);
      expectErrorShape(response.body, 400, 'bad_request');
      expect(response.body.error_message).toMatch(message);
    }
  });

  it('names nested fields in events', async () => {
    const response = await h.json('POST', '/sdk/v1/events', {
      events: [{ event_id: 'e1', name: 'email_sent', timestamp: new Date().toISOString(), details: {}, extra: 1 }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error_message).toContain('events[0].extra');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await h.json('POST', SEND, undefined, { rawBody: 'email=a@b.co', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(415);
    expectErrorShape(response.body, 415, 'unsupported_media_type');
  });

  it('answers health checks', async () => {
    expect(await (await h.call('GET', '/healthz', undefined, { token: null })).json()).toEqual({ status: 'ok' });
  });
});

describe('unexpected errors', () => {
  it('answers 500 internal_server_error without details, and logs the cause', async () => {
    const { createServer } = await import('../src/index.js');
    const { testConfig } = await import('./helpers/test-config.js');
    const logged: Array<Record<string, unknown> | undefined> = [];
    const server = await createServer(testConfig(), { logger: { info() {}, warn() {}, error: (_m, details) => logged.push(details) } });
    await server.db.destroy(); // the database goes away under the running app
    const response = await server.app.fetch(
      new Request('http://localhost:8787/sdk/v1/magic_links/email/login_or_create', {
        method: 'POST',
        headers: { 'X-Public-Token': 'public-token-test-5f3a9c1e-demo', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail() }),
      }),
    );
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      status_code: 500,
      request_id: expect.any(String),
      error_type: 'internal_server_error',
      error_message: 'An unexpected error occurred.',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ request_id: body.request_id, path: '/sdk/v1/magic_links/email/login_or_create' });
    await server.close();
  });
});
