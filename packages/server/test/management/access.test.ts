import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@vestibule/contract';
import { clockedServer, startListening, type ListeningServer } from '../helpers/listening.js';
import type { TestClock } from '../helpers/harness.js';
import { MANAGEMENT_KEY, manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { testConfig } from '../helpers/test-config.js';
import { loopback } from '../helpers/account.js';
import { confirmWithApp, turnOn } from '../two-step/helpers.js';

/** Every management route, with its parameters filled in with ids nobody has. */
const MANAGEMENT_ROUTES = routes
  .filter((route) => route.auth === 'management')
  .map((route) => ({ method: route.method.toUpperCase(), path: route.path.replace(/\{\w+\}/g, 'unknown-id') }));

let server: ListeningServer;
beforeAll(async () => {
  server = await sharedListening();
});

describe('who may call the management API', () => {
  it('answers no management route without a key, with a wrong or malformed one, or with a public token alone', async () => {
    expect(MANAGEMENT_ROUTES.length).toBeGreaterThan(3);
    for (const { method, path } of MANAGEMENT_ROUTES) {
      for (const session of [undefined, 'vsk_wrong-key', `${MANAGEMENT_KEY}x`, '']) {
        const answer = await server.send(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, { session, token: null });
        expect(answer.status, `${method} ${path} with ${session}`).toBe(401);
        expect(answer.body.error_type).toBe('invalid_management_credentials');
      }
    }
  });

  it('answers a NUL in any path parameter with 400, and bytes that are no UTF-8 with a 4xx, never a 500', async () => {
    for (const route of routes.filter((candidate) => candidate.auth === 'management' && candidate.path.includes('{'))) {
      const method = route.method.toUpperCase();
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const bad of ['%00', 'a%00b']) {
        const answer = await manage(server, method, route.path.replace(/\{\w+\}/g, bad), body);
        expect(answer.status, `${method} ${route.path} with ${bad}`).toBe(400);
        expect(answer.body.error_message).toMatch(/^Path parameter \w+ contains a NUL character/);
      }
      // Not UTF-8: the id stays as written, which names nothing.
      const undecodable = await manage(server, method, route.path.replace(/\{\w+\}/g, '%ED%A0%80'), body);
      expect(undecodable.status, `${method} ${route.path}`).toBeGreaterThanOrEqual(400);
      expect(undecodable.status, `${method} ${route.path}`).toBeLessThan(500);
      expect(undecodable.body.error_type).toEqual(expect.any(String));
    }
  });

  it("refuses a user's own session on every route: 403 not_an_operator", async () => {
    const { session_token } = await server.signInByLink(uniqueEmail('not-operator'));
    for (const { method, path } of MANAGEMENT_ROUTES) {
      const answer = await server.send(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, { session: session_token, token: null });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error_type).toBe('not_an_operator');
      expect(answer.body.error_message).toBe('You are not an operator of this project.');
    }
  });

  it('makes a key that is shown once, lists it without the key, and refuses it once revoked', async () => {
    const made = await manage(server, 'POST', '/v1/keys', { name: 'billing back end' });
    expect(made.status).toBe(200);
    expect(made.body.key).toMatch(/^vsk_[\w-]{43}$/);
    const listed = await manage(server, 'GET', '/v1/keys');
    const entry = listed.body.management_keys.find((key: { key_id: string }) => key.key_id === made.body.management_key.key_id);
    expect(entry).toMatchObject({ name: 'billing back end', last_used_at: null });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.key);

    const withIt = await manage(server, 'GET', '/v1/events?limit=1', undefined, { session: made.body.key });
    expect(withIt.status).toBe(200);
    expect((await manage(server, 'DELETE', `/v1/keys/${made.body.management_key.key_id}`)).status).toBe(200);
    const after = await manage(server, 'GET', '/v1/events?limit=1', undefined, { session: made.body.key });
    expect(after.status).toBe(401);
    expect((await manage(server, 'DELETE', `/v1/keys/${made.body.management_key.key_id}`)).body.error_type).toBe('management_key_not_found');

    // The operator's actions name the key that made them.
    const events = await manage(server, 'GET', '/v1/events?type=operator.action&limit=10');
    const revoke = events.body.events.find((event: any) => event.data.action === 'key.revoke' && event.data.key_id === made.body.management_key.key_id);
    expect(revoke.actor).toEqual({ type: 'management_key', key_id: 'environment', name: 'VESTIBULE_MANAGEMENT_KEY' });
  });

  it("answers no other origin, not even the project's own pages: a script there holding an operator's session cannot use it", async () => {
    const preflight = await server.send('OPTIONS', '/v1/users', undefined, {
      token: null,
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const call = await manage(server, 'GET', '/v1/events?limit=1', undefined, { headers: { Origin: 'http://localhost:3000' } });
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    // The SDK's routes still answer the project's pages.
    const sdk = await server.send('OPTIONS', '/sdk/v1/users/me', undefined, {
      token: null,
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'GET' },
    });
    expect(sdk.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it("counts refusals per client address, a signed-in person who is no operator's too", async () => {
    const three = { limit: 3, windowSeconds: 60 };
    const own = await startListening({ rateLimits: { ...testConfig().rateLimits, managementPerKey: three } });
    try {
      const { session_token } = await own.signInByLink(uniqueEmail('persistent'), '127.0.7.1');
      const answers = [];
      for (let n = 0; n < 4; n++)
        answers.push((await manage(own, 'GET', '/v1/users', undefined, { session: session_token, from: '127.0.7.1' })).body.error_type);
      expect(answers).toEqual(['not_an_operator', 'not_an_operator', 'not_an_operator', 'too_many_requests']);
      // Another address is counted apart.
      expect((await manage(own, 'GET', '/v1/users', undefined, { session: session_token, from: '127.0.7.2' })).body.error_type).toBe('not_an_operator');
    } finally {
      await own.close();
    }
  });

  it('refuses a key shorter than 32 characters in VESTIBULE_MANAGEMENT_KEY at start', async () => {
    await expect(startListening({}, { VESTIBULE_MANAGEMENT_KEY: 'short' })).rejects.toThrow(/VESTIBULE_MANAGEMENT_KEY.*32 characters/s);
  });
});

describe('operators signed in', () => {
  it('lets a person whose verified email is an admin email call it with their session', async () => {
    const email = uniqueEmail('operator');
    const own = await startListening({}, { VESTIBULE_ADMIN_EMAILS: `someone@example.com, ${email.toUpperCase()}` });
    try {
      const { session_token } = await own.signInByLink(email);
      const answer = await manage(own, 'GET', '/v1/keys', undefined, { session: session_token });
      expect(answer.status).toBe(200);
      const made = await manage(own, 'POST', '/v1/keys', { name: 'from the console' }, { session: session_token });
      expect(made.status).toBe(200);
      const events = await manage(own, 'GET', '/v1/events?type=operator.action&limit=1', undefined, { session: session_token });
      expect(events.body.events[0].actor).toMatchObject({ type: 'operator', name: email });
    } finally {
      await own.close();
    }
  });
});

describe('an operator signed in a while ago', () => {
  const operatorEmail = uniqueEmail('stale-operator');
  let own: ListeningServer;
  let clock: TestClock;
  clockedServer(
    (started) => {
      own = started.s;
      clock = started.clock;
    },
    { project: { adminEmails: [operatorEmail] } as never },
  );

  it('reads, but changes nothing until they sign in again: every change answers 403 reauthentication_required', async () => {
    const { session_token } = await own.signInByLink(operatorEmail);
    clock.advanceMinutes(own.config.project.reauthenticationMinutes + 1);
    expect((await manage(own, 'GET', '/v1/users', undefined, { session: session_token })).status).toBe(200);
    // Making a user with a verified admin address and a known password would have made a fresh operator.
    const changes = MANAGEMENT_ROUTES.filter(({ method }) => method !== 'GET');
    expect(changes.map(({ method, path }) => `${method} ${path}`)).toContain('POST /v1/users');
    for (const { method, path } of changes) {
      const answer = await manage(own, method, path, method === 'DELETE' ? undefined : {}, { session: session_token });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error_type).toBe('reauthentication_required');
    }
    // A key is its holder's proof every time.
    expect((await manage(own, 'POST', '/v1/keys', { name: 'by key' })).status).toBe(200);
  });

  it('with a second step on, changes nothing after a first factor alone, signed in again: only the second step again', async () => {
    const from = loopback();
    const signed = await own.signInByLink(operatorEmail, from);
    const operator = { session: signed.session_token, from };
    const { secret } = await turnOn(own, operator, clock());
    clock.advanceMinutes(own.config.project.reauthenticationMinutes + 1);
    // The mailbox alone, on the same session (what a stolen session and a read mailbox give).
    expect((await own.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: operatorEmail }, { from })).status).toBe(200);
    const { token } = tokenFromLink((await own.outbox(operatorEmail))[0]!.text);
    expect((await own.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { session: operator.session, from })).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/v1/keys', { name: 'after the mailbox alone' }],
      ['POST', `/v1/users/${signed.user_id}/two_step/reset`, undefined],
    ] as const) {
      const refused = await manage(own, method, path, body, { session: operator.session });
      expect({ status: refused.status, error_type: refused.body.error_type }, path).toEqual({ status: 403, error_type: 'reauthentication_required' });
      expect(refused.body.error_message).toContain('authenticator app');
    }
    await confirmWithApp(own, operator, secret, clock());
    expect((await manage(own, 'POST', '/v1/keys', { name: 'after the app' }, { session: operator.session })).status).toBe(200);
  });
});

describe('events', () => {
  it('records a sign-up with the change and lists it by user, type and time, newest first, page by page', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const { user_id } = await server.signInByLink(uniqueEmail('events'));
    const all = await manage(server, 'GET', `/v1/events?user_id=${user_id}`);
    expect(all.status).toBe(200);
    const types = all.body.events.map((event: { type: string }) => event.type);
    expect(types).toEqual(expect.arrayContaining(['user.created', 'email.added', 'session.created']));
    const created = all.body.events.find((event: any) => event.type === 'session.created');
    expect(created.data.authentication_factors[0].type).toBe('magic_link');
    expect(JSON.stringify(all.body)).not.toMatch(/token_hash|secret/);

    const firstPage = await manage(server, 'GET', `/v1/events?user_id=${user_id}&limit=1&since=${encodeURIComponent(started)}`);
    expect(firstPage.body.events).toHaveLength(1);
    expect(firstPage.body.events[0]).toEqual(all.body.events[0]);
    const secondPage = await manage(server, 'GET', `/v1/events?user_id=${user_id}&limit=1&cursor=${firstPage.body.next_cursor}`);
    expect(secondPage.body.events[0]).toEqual(all.body.events[1]);

    const onlySessions = await manage(server, 'GET', `/v1/events?user_id=${user_id}&type=session.created,user.created`);
    expect(onlySessions.body.events.map((event: { type: string }) => event.type).sort()).toEqual(['session.created', 'user.created']);
  });

  it('answers bad filters with 400 naming them', async () => {
    const cursor = (text: string) => Buffer.from(text).toString('base64url');
    const bad = ['type=user.exploded', 'limit=0', 'limit=abc', 'since=yesterday', 'cursor=bm9wZQ', `cursor=${cursor('e:9999999999999999999')}`, 'colour=red'];
    // Times the database cannot hold were a 500; cursors it did not write, otherwise written, were taken.
    const beyond = ['since=9999-12-31T23:59:59-23:59', 'until=0000-01-01T00:00:00Z', 'since=+010000-01-01T00:00:00Z'];
    const rewritten = [`cursor=${cursor('e:0005')}`, `cursor=${cursor('e:5')}==`, `cursor=${cursor('e:0')}`];
    for (const query of [...bad, ...beyond, ...rewritten]) {
      const answer = await manage(server, 'GET', `/v1/events?${query}`);
      expect(answer.status, query).toBe(400);
      expect(['bad_request', 'invalid_cursor']).toContain(answer.body.error_type);
    }
  });

  it("records a wrong password against its user, and counts it in the day's sign-ins beside the sign-ins by method", async () => {
    const email = uniqueEmail('refused');
    const made = await server.send('POST', '/sdk/v1/passwords', { email, password: 'a long and unusual passphrase 7' }, { from: '127.0.9.1' });
    expect(made.status).toBe(200);
    const before = await manage(server, 'GET', '/v1/stats/sign_ins?days=2');
    const wrong = await server.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'not the passphrase at all' }, { from: '127.0.9.1' });
    expect(wrong.status).toBe(401);
    const refused = await manage(server, 'GET', `/v1/events?user_id=${made.body.user_id}&type=sign_in.failed`);
    expect(refused.body.events).toHaveLength(1);
    expect(refused.body.events[0].data).toMatchObject({
      route: '/sdk/v1/passwords/authenticate',
      error_type: 'unauthorized_credentials',
      ip_address: '127.0.9.1',
    });

    const after = await manage(server, 'GET', '/v1/stats/sign_ins?days=2');
    expect(after.body.days).toHaveLength(2);
    expect(after.body.days[1].date).toBe(new Date().toISOString().slice(0, 10));
    expect(after.body.days[1].failures).toBe(before.body.days[1].failures + 1);
    expect(after.body.days[1].sign_ins.password).toBeGreaterThanOrEqual(1);
  });
});
