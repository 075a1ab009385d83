import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedSession } from '@vestibule/contract';
import { expectError, loopback, signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { firstStepByLink, heldToken, nextCode, turnOn, withAppCode } from '../two-step/helpers.js';

/** The management API's sessions (GET /v1/users/{user_id}/sessions, POST /v1/sessions/revoke), over real sockets with the test key. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A sign-in by link from `from` with a user agent, as a browser makes it. */
async function signInWith(email: string, from: string, userAgent: string): Promise<{ session_token: string; session_id: string; user_id: string }> {
  const headers = { 'User-Agent': userAgent };
  expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from, headers })).status).toBe(200);
  const [message] = await s.outbox(email);
  const token = new URL(/https?:\/\/\S+/.exec(message!.text)![0]).searchParams.get('token');
  const used = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from, headers });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return { session_token: used.body.session_token, session_id: used.body.session.session_id, user_id: used.body.user_id };
}

const works = async (session: string, from: string) => (await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session, from })).status === 200;
const listOf = async (userId: string): Promise<ManagedSession[]> => (await manage(s, 'GET', `/v1/users/${userId}/sessions`)).body.sessions;

describe("a user's sessions", () => {
  it('lists the live ones with their device, address, times and factors, newest activity first', async () => {
    const email = uniqueEmail('devices');
    const [laptop, phone] = [loopback(), loopback()];
    const first = await signInWith(email, laptop, FIREFOX);
    const second = await signInWith(email, phone, IPHONE);
    const listed = await listOf(first.user_id);
    expect(listed.map((session) => session.session_id)).toEqual([second.session_id, first.session_id]);
    expect(listed[0]).toEqual({
      session_id: second.session_id,
      user_agent: IPHONE,
      browser: 'Mobile Safari 17',
      os: 'iOS 17.5',
      device_type: 'mobile',
      ip_address: phone,
      started_at: expect.any(String),
      last_accessed_at: expect.any(String),
      expires_at: expect.any(String),
      authentication_factors: [
        expect.objectContaining({ type: 'magic_link', delivery_method: 'email', email_factor: expect.objectContaining({ email_address: email }) }),
      ],
    });
    expect(listed[1]).toMatchObject({ browser: 'Firefox 128', os: 'Linux', device_type: null, ip_address: laptop });

    // One signed out by its own device is no longer listed.
    expect((await s.send('POST', '/sdk/v1/sessions/revoke', {}, { session: second.session_token, from: phone })).status).toBe(200);
    expect((await listOf(first.user_id)).map((session) => session.session_id)).toEqual([first.session_id]);
  });

  it('lists none for a user who never signed in, and 404s a user nobody is', async () => {
    const made = await manage(s, 'POST', '/v1/users', { email: uniqueEmail('never') });
    expect(await listOf(made.body.user_id)).toEqual([]);
    expectError(await manage(s, 'GET', `/v1/users/${made.body.user_id}x/sessions`), 404, 'user_not_found');
  });
});

describe('revoking sessions', () => {
  it('one session: it stops working at once, the others go on', async () => {
    const person = await signedIn(s, 'revoke-one');
    const other = await s.signInByLink(person.email, person.from);
    const revoked = await manage(s, 'POST', '/v1/sessions/revoke', { session_id: other.session.session_id });
    expect(revoked.body).toEqual({ status_code: 200, request_id: expect.any(String), revoked: 1 });
    expect(await works(other.session_token, person.from)).toBe(false);
    expect(await works(person.session, person.from)).toBe(true);
    // Revoked already, or never anybody's: 404.
    expectError(await manage(s, 'POST', '/v1/sessions/revoke', { session_id: other.session.session_id }), 404, 'session_id_not_found');
    expectError(await manage(s, 'POST', '/v1/sessions/revoke', { session_id: `${other.session.session_id.slice(0, -1)}0` }), 404, 'session_id_not_found');

    const events = (await manage(s, 'GET', `/v1/events?user_id=${person.userId}&type=operator.action,session.revoked`)).body.events;
    expect(events.map((event: any) => [event.type, event.data.action ?? null, event.data.session_id])).toEqual([
      ['operator.action', 'session.revoke', other.session.session_id],
      ['session.revoked', null, other.session.session_id],
    ]);
  });

  it("all of a user's: every session stops working at once, and a sign-in waiting for its second step makes none", async () => {
    const person = await signedIn(s, 'revoke-all');
    const other = await s.signInByLink(person.email, loopback());
    const { secret } = await turnOn(s, person);
    const held = heldToken(await firstStepByLink(s, person.email, person.from));

    const revoked = await manage(s, 'POST', '/v1/sessions/revoke', { user_id: person.userId });
    expect(revoked.body.revoked).toBe(2);
    expect(await works(person.session, person.from)).toBe(false);
    expect(await works(other.session_token, person.from)).toBe(false);
    expectError(await withAppCode(s, held, nextCode(secret), person.from), 401, 'unauthorized_credentials');
    expect(await listOf(person.userId)).toEqual([]);
    // Signing in afresh works, and a user with nothing live revokes nothing.
    expect((await manage(s, 'POST', '/v1/sessions/revoke', { user_id: person.userId })).body.revoked).toBe(0);
    expectError(await manage(s, 'POST', '/v1/sessions/revoke', { user_id: `${person.userId}x` }), 404, 'user_not_found');
  });

  it('takes exactly one of session_id and user_id', async () => {
    const person = await signedIn(s, 'revoke-bad');
    for (const body of [{}, { session_id: 'session-1', user_id: person.userId }, { session_id: '' }, { user_id: 42 }, { all: true }, { session_id: 'a b' }]) {
      expectError(await manage(s, 'POST', '/v1/sessions/revoke', body), 400, 'bad_request');
    }
    expect(await works(person.session, person.from)).toBe(true);
  });
});
