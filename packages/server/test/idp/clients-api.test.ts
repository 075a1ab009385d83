import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/account.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { PRODUCTION } from '../helpers/test-config.js';

/**
 * The identity provider's clients through the management API, as an operator's back end calls it
 * (the test stacks' key): made, listed, read, changed and deleted; a confidential client's secret
 * shown once and never again; the configuration file's clients (the development stack's demo-rp)
 * listed and read but not changed; every bad input refused with a 4xx and its error_type.
 */

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const uniqueId = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

const confidential = (clientId = uniqueId('billing')) => ({
  client_id: clientId,
  client_name: 'Billing',
  client_type: 'confidential',
  redirect_uris: ['https://billing.example/callback'],
  post_logout_redirect_uris: ['https://billing.example/'],
  allowed_scopes: ['openid', 'email', 'offline_access'],
});

describe('clients made through the management API', () => {
  it('a confidential client: made with a secret shown once, then listed and read without it', async () => {
    const made = await manage(s, 'POST', '/v1/idp_clients', confidential());
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { client, client_secret: secret } = made.body;
    expect(client).toEqual({
      client_id: expect.stringMatching(/^billing-/),
      client_name: 'Billing',
      client_type: 'confidential',
      redirect_uris: ['https://billing.example/callback'],
      post_logout_redirect_uris: ['https://billing.example/'],
      allowed_origins: [],
      allowed_scopes: ['openid', 'email', 'offline_access'],
      source: 'api',
      created_at: expect.any(String),
      updated_at: client.created_at,
    });
    expect(secret).toMatch(/^[\w-]{43}$/);

    const read = await manage(s, 'GET', `/v1/idp_clients/${client.client_id}`);
    expect(read.status).toBe(200);
    expect(read.body.client).toEqual(client);
    const listed = await manage(s, 'GET', '/v1/idp_clients');
    expect(listed.body.clients).toContainEqual(client);
    // Neither the secret nor the hash kept of it is ever answered again.
    const hash = createHash('sha256').update(secret).digest('hex');
    for (const answer of [read, listed]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify(answer.body)).not.toContain(hash);
    }
  });

  it('a public client without a client_id gets a random one, the default scopes, and no secret', async () => {
    const made = await manage(s, 'POST', '/v1/idp_clients', { client_name: 'Phone app', client_type: 'public', redirect_uris: ['http://127.0.0.1:8123/cb'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.client_secret).toBeNull();
    expect(made.body.client).toMatchObject({ client_type: 'public', allowed_scopes: ['openid', 'email', 'profile'], post_logout_redirect_uris: [] });
    const other = await manage(s, 'POST', '/v1/idp_clients', { client_name: 'Phone app', client_type: 'public', redirect_uris: ['http://127.0.0.1:8123/cb'] });
    expect(other.body.client.client_id).toMatch(/^[\w-]{32,}$/);
    expect(other.body.client.client_id).not.toBe(made.body.client.client_id);
  });

  it('a client_id taken by the file or the database is idp_client_already_exists', async () => {
    expectError(await manage(s, 'POST', '/v1/idp_clients', confidential('demo-rp')), 400, 'idp_client_already_exists');
    const taken = confidential();
    expect((await manage(s, 'POST', '/v1/idp_clients', taken)).status).toBe(200);
    const again = await manage(s, 'POST', '/v1/idp_clients', { ...taken, client_type: 'public' });
    expectError(again, 400, 'idp_client_already_exists');
    // The first one is as it was made.
    expect((await manage(s, 'GET', `/v1/idp_clients/${taken.client_id}`)).body.client.client_type).toBe('confidential');
  });

  it('changes the fields given; rotate_secret answers a new secret; a public client has none to rotate', async () => {
    const made = (await manage(s, 'POST', '/v1/idp_clients', confidential())).body;
    const id = made.client.client_id;
    const changed = await manage(s, 'PATCH', `/v1/idp_clients/${id}`, {
      client_name: 'Billing (new)',
      redirect_uris: ['https://billing.example/v2/callback'],
      allowed_origins: ['https://billing.example'],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.client_secret).toBeNull();
    expect(changed.body.client).toMatchObject({
      client_name: 'Billing (new)',
      redirect_uris: ['https://billing.example/v2/callback'],
      allowed_origins: ['https://billing.example'],
      post_logout_redirect_uris: ['https://billing.example/'],
      allowed_scopes: ['openid', 'email', 'offline_access'],
      created_at: made.client.created_at,
    });
    expect(Date.parse(changed.body.client.updated_at)).toBeGreaterThanOrEqual(Date.parse(made.client.created_at));
    expect((await manage(s, 'GET', `/v1/idp_clients/${id}`)).body.client).toEqual(changed.body.client);

    const rotated = await manage(s, 'PATCH', `/v1/idp_clients/${id}`, { rotate_secret: true });
    expect(rotated.status).toBe(200);
    expect(rotated.body.client_secret).toMatch(/^[\w-]{43}$/);
    expect(rotated.body.client_secret).not.toBe(made.client_secret);

    const publicOne = (await manage(s, 'POST', '/v1/idp_clients', { client_name: 'SPA', client_type: 'public', redirect_uris: ['https://spa.example/cb'] }))
      .body;
    const refused = await manage(s, 'PATCH', `/v1/idp_clients/${publicOne.client.client_id}`, { rotate_secret: true });
    expectError(refused, 400, 'bad_request');
    expect(refused.body.error_message).toContain('rotate_secret');
  });

  it('deletes one: it is gone, and a second delete, a read or a change is idp_client_id_not_found', async () => {
    const id = (await manage(s, 'POST', '/v1/idp_clients', confidential())).body.client.client_id;
    const deleted = await manage(s, 'DELETE', `/v1/idp_clients/${id}`);
    expect(deleted.status).toBe(200);
    expect((await manage(s, 'GET', '/v1/idp_clients')).body.clients.map((client: { client_id: string }) => client.client_id)).not.toContain(id);
    expectError(await manage(s, 'GET', `/v1/idp_clients/${id}`), 404, 'idp_client_id_not_found');
    expectError(await manage(s, 'DELETE', `/v1/idp_clients/${id}`), 404, 'idp_client_id_not_found');
    expectError(await manage(s, 'PATCH', `/v1/idp_clients/${id}`, { client_name: 'Back' }), 404, 'idp_client_id_not_found');
  });

  it("records who made each change among the operators' actions", async () => {
    const id = (await manage(s, 'POST', '/v1/idp_clients', confidential())).body.client.client_id;
    await manage(s, 'PATCH', `/v1/idp_clients/${id}`, { rotate_secret: true });
    await manage(s, 'DELETE', `/v1/idp_clients/${id}`);
    const events = await manage(s, 'GET', '/v1/events?type=operator.action&limit=50');
    const actions = events.body.events.filter((event: any) => event.data.client_id === id);
    expect(actions.map((event: any) => event.data.action).sort()).toEqual(['idp_client.create', 'idp_client.delete', 'idp_client.rotate_secret']);
    for (const event of actions) expect(event.actor).toMatchObject({ type: 'management_key', name: 'VESTIBULE_MANAGEMENT_KEY' });
  });
});

describe("the configuration file's clients", () => {
  it('are listed and read, marked source config, and cannot be changed or deleted here', async () => {
    const listed = await manage(s, 'GET', '/v1/idp_clients');
    const demo = listed.body.clients.find((client: { client_id: string }) => client.client_id === 'demo-rp');
    expect(demo).toMatchObject({ client_type: 'public', source: 'config', created_at: null, updated_at: null });
    expect((await manage(s, 'GET', '/v1/idp_clients/demo-rp')).body.client).toEqual(demo);
    expectError(await manage(s, 'PATCH', '/v1/idp_clients/demo-rp', { client_name: 'Mine now' }), 400, 'idp_client_read_only');
    expectError(await manage(s, 'DELETE', '/v1/idp_clients/demo-rp'), 400, 'idp_client_read_only');
    expect((await manage(s, 'GET', '/v1/idp_clients/demo-rp')).body.client.client_name).toBe(demo.client_name);
  });
});

describe('bad inputs', () => {
  const valid = { client_name: 'Bad', client_type: 'public', redirect_uris: ['https://app.example/cb'] };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['no redirect URI', { ...valid, redirect_uris: [] }, 'redirect_uris'],
    ['a redirect URI missing', { client_name: 'Bad', client_type: 'public' }, 'redirect_uris'],
    ['a redirect URI with a fragment', { ...valid, redirect_uris: ['https://app.example/cb#x'] }, 'redirect_uris[0]'],
    ['a redirect URI that is not http(s)', { ...valid, redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris[0]'],
    ['a relative redirect URI', { ...valid, redirect_uris: ['/cb'] }, 'redirect_uris[0]'],
    ['a post-logout URI that is not a URL', { ...valid, post_logout_redirect_uris: ['home'] }, 'post_logout_redirect_uris[0]'],
    ['an origin with a path', { ...valid, allowed_origins: ['https://app.example/'] }, 'allowed_origins[0]'],
    ['a scope with a space', { ...valid, allowed_scopes: ['openid email'] }, 'allowed_scopes[0]'],
    ['a scope the server does not know', { ...valid, allowed_scopes: ['openid', 'payments:write'] }, 'allowed_scopes'],
    ['no scope', { ...valid, allowed_scopes: [] }, 'allowed_scopes'],
    ['a client_id with a slash', { ...valid, client_id: 'a/b' }, 'client_id'],
    ['an empty name', { ...valid, client_name: '   ' }, 'client_name'],
    ['another client type', { ...valid, client_type: 'native' }, 'client_type'],
    ['a secret of its own', { ...valid, client_secret: 'chosen' }, 'client_secret'],
    ['21 redirect URIs', { ...valid, redirect_uris: Array.from({ length: 21 }, (_, n) => `https://app.example/${n}`) }, 'redirect_uris'],
  ];
  for (const [what, body, field] of cases) {
    it(`create: ${what} is 400 bad_request naming ${field}`, async () => {
      const answer = await manage(s, 'POST', '/v1/idp_clients', body);
      expectError(answer, 400, 'bad_request');
      expect(answer.body.error_message).toContain(field);
    });
  }

  it('update: a wrong field type, an unknown field, or an unknown scope is 400 and changes nothing', async () => {
    const made = (await manage(s, 'POST', '/v1/idp_clients', valid)).body.client;
    for (const body of [{ rotate_secret: 'yes' }, { client_type: 'confidential' }, { redirect_uris: 'https://app.example/cb' }, { allowed_scopes: ['nope'] }]) {
      expectError(await manage(s, 'PATCH', `/v1/idp_clients/${made.client_id}`, body), 400, 'bad_request');
    }
    expect((await manage(s, 'GET', `/v1/idp_clients/${made.client_id}`)).body.client).toEqual(made);
  });

  it('a path client_id too long is 400; one nobody has is 404', async () => {
    expectError(await manage(s, 'GET', `/v1/idp_clients/${'x'.repeat(300)}`), 400, 'bad_request');
    expectError(await manage(s, 'GET', '/v1/idp_clients/nobody-has-this'), 404, 'idp_client_id_not_found');
  });

  it('any wrong value in any field of a creation or a change is a 4xx in the error shape, never a 500', async () => {
    const target = (await manage(s, 'POST', '/v1/idp_clients', valid)).body.client;
    const fields = [
      'client_id',
      'client_name',
      'client_type',
      'redirect_uris',
      'post_logout_redirect_uris',
      'allowed_origins',
      'allowed_scopes',
      'rotate_secret',
    ];
    const wrong = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.string({ maxLength: 30 }).filter((text) => !/^[\w.~-]{1,128}$/.test(text)),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 }),
      fc.constant('\u0000'),
      fc.constant('x'.repeat(3000)),
    );
    await fc.assert(
      // Any text of 1 to 200 characters is a right name.
      fc.asyncProperty(fc.constantFrom(...fields), wrong, fc.boolean(), async (field, value, create) => {
        fc.pre(!(field === 'client_name' && typeof value === 'string' && value.trim().length > 0 && value.length <= 200 && !value.includes('\u0000')));
        const answer = create
          ? await manage(s, 'POST', '/v1/idp_clients', { ...valid, [field]: value })
          : await manage(s, 'PATCH', `/v1/idp_clients/${target.client_id}`, { [field]: value });
        expect(answer.status, JSON.stringify({ field, value, create, body: answer.body })).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body).toEqual({
          status_code: answer.status,
          request_id: expect.any(String),
          error_type: expect.any(String),
          error_message: expect.any(String),
        });
      }),
      { numRuns: 60 },
    );
    expect((await manage(s, 'GET', `/v1/idp_clients/${target.client_id}`)).body.client).toEqual(target);
  });

  it('a body that is not JSON, or not an object, is 400', async () => {
    expectError(await manage(s, 'POST', '/v1/idp_clients', undefined, { json: '{"client_name":' }), 400, 'bad_request');
    expectError(await manage(s, 'POST', '/v1/idp_clients', [valid]), 400, 'bad_request');
  });
});

describe('in production', () => {
  let prod: ListeningServer;
  beforeAll(async () => {
    prod = await startListening(PRODUCTION);
  });
  afterAll(() => prod.close());

  const base = { client_name: 'Production', client_type: 'public', redirect_uris: ['https://app.example/cb'] };

  it('URIs and origins use https; plain http only on a loopback address (a native app), else 400 idp_client_uri_not_allowed', async () => {
    const refused: Array<[string, Record<string, unknown>]> = [
      ['redirect_uris', { redirect_uris: ['http://app.example/cb'] }],
      ['post_logout_redirect_uris', { post_logout_redirect_uris: ['http://app.example/'] }],
      ['allowed_origins', { allowed_origins: ['http://app.example'] }],
      ['redirect_uris', { redirect_uris: ['https://app.example/cb', 'http://10.0.0.5/cb'] }],
    ];
    for (const [field, change] of refused) {
      const answer = await manage(prod, 'POST', '/v1/idp_clients', { ...base, ...change });
      expectError(answer, 400, 'idp_client_uri_not_allowed');
      expect(answer.body.error_message).toContain(field);
    }
    for (const loopback of ['http://127.0.0.1:8400/cb', 'http://[::1]:8400/cb', 'http://localhost:8400/cb']) {
      const answer = await manage(prod, 'POST', '/v1/idp_clients', { ...base, redirect_uris: [loopback] });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const made = await manage(prod, 'POST', '/v1/idp_clients', base);
    expect(made.status).toBe(200);
    const changed = await manage(prod, 'PATCH', `/v1/idp_clients/${made.body.client.client_id}`, { redirect_uris: ['http://app.example/cb'] });
    expectError(changed, 400, 'idp_client_uri_not_allowed');
  });
});
