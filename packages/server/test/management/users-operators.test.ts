import { describe, expect, it } from 'vitest';
import { expectError, loopback } from '../helpers/account.js';
import type { TestClock } from '../helpers/harness.js';
import { uniqueEmail } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';

/**
 * Who may call the users' and sessions' management routes: a key, or the session of an operator
 * (a verified email among the project's adminEmails), never a user's own session; and deleting or
 * revoking with an operator's session needs a recent sign-in. A server of the file's own, with
 * its operators and a clock to move.
 */
const OPERATOR = uniqueEmail('operator');
/** Also among adminEmails, but nobody proves it. */
const UNPROVEN_ADMIN = uniqueEmail('unproven-admin');
let s: ListeningServer;
let clock: TestClock;
clockedServer(
  (started) => {
    ({ s, clock } = started);
  },
  { project: { adminEmails: [OPERATOR, UNPROVEN_ADMIN] } as never },
);

/** Every route of this part, with an id and a body that would work for the key. */
async function routesFor(userId: string, sessionId: string): Promise<Array<[string, string, unknown]>> {
  return [
    ['GET', '/v1/users', undefined],
    ['GET', `/v1/users/${userId}`, undefined],
    ['POST', '/v1/users', { email: uniqueEmail('by-user') }],
    ['PATCH', `/v1/users/${userId}`, { trusted_metadata: { role: 'admin' } }],
    ['DELETE', `/v1/users/${userId}`, undefined],
    ['GET', `/v1/users/${userId}/sessions`, undefined],
    ['POST', '/v1/sessions/revoke', { session_id: sessionId }],
  ];
}

describe('callers', () => {
  it("refuses a user's own session on every route, 403 not_an_operator, changing nothing", async () => {
    const from = loopback();
    const person = await s.signInByLink(uniqueEmail('plain-user'), from);
    for (const [method, path, body] of await routesFor(person.user_id, person.session.session_id)) {
      const answer = await manage(s, method, path, body, { session: person.session_token });
      expectError(answer, 403, 'not_an_operator');
    }
    const read = await manage(s, 'GET', `/v1/users/${person.user_id}`);
    expect(read.body.user.trusted_metadata).toEqual({});
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: person.session_token, from })).status).toBe(200);
  });

  it('refuses a session whose admin address nobody proved: anyone may sign up with a password for any address', async () => {
    const impostor = await s.send('POST', '/sdk/v1/passwords', { email: UNPROVEN_ADMIN, password: 'an unusual passphrase 42 x' }, { from: loopback() });
    expect(impostor.status, JSON.stringify(impostor.body)).toBe(200);
    expectError(await manage(s, 'GET', '/v1/users', undefined, { session: impostor.body.session_token }), 403, 'not_an_operator');
  });

  it("takes an operator's session: the changes are recorded with the operator's address", async () => {
    const operator = await s.signInByLink(OPERATOR, loopback());
    const as = { session: operator.session_token };
    const made = await manage(s, 'POST', '/v1/users', { email: uniqueEmail('by-operator'), name: 'Grace' }, as);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await manage(s, 'PATCH', `/v1/users/${made.body.user_id}`, { name: 'Grace Hopper' }, as)).body.user.name).toBe('Grace Hopper');
    expect((await manage(s, 'GET', `/v1/users?query=${made.body.user_id}`, undefined, as)).body.users).toHaveLength(1);
    const events = (await manage(s, 'GET', `/v1/events?user_id=${made.body.user_id}&type=operator.action`)).body.events;
    expect(events.map((event: any) => event.actor)).toEqual([
      { type: 'operator', user_id: operator.user_id, name: OPERATOR },
      { type: 'operator', user_id: operator.user_id, name: OPERATOR },
    ]);
  });
});

describe('recent sign-in', () => {
  it("every change with an operator's session (deleting, revoking, metadata) needs a sign-in within reauthenticationMinutes; a key always may", async () => {
    const operator = await s.signInByLink(OPERATOR, loopback());
    const target = await s.signInByLink(uniqueEmail('target'), loopback());
    clock.advanceMinutes(11);
    const stale = { session: operator.session_token };
    expectError(await manage(s, 'DELETE', `/v1/users/${target.user_id}`, undefined, stale), 403, 'reauthentication_required');
    expectError(await manage(s, 'POST', '/v1/sessions/revoke', { user_id: target.user_id }, stale), 403, 'reauthentication_required');
    expectError(await manage(s, 'POST', '/v1/sessions/revoke', { session_id: target.session.session_id }, stale), 403, 'reauthentication_required');
    // trusted_metadata may carry roles the project's back end trusts: a change like any other.
    expectError(await manage(s, 'PATCH', `/v1/users/${target.user_id}`, { name: 'Still here' }, stale), 403, 'reauthentication_required');
    // Reading is not.
    expect((await manage(s, 'GET', `/v1/users/${target.user_id}/sessions`, undefined, stale)).body.sessions).toHaveLength(1);

    const fresh = { session: (await s.signInByLink(OPERATOR, loopback())).session_token };
    expect((await manage(s, 'POST', '/v1/sessions/revoke', { session_id: target.session.session_id }, fresh)).body.revoked).toBe(1);
    expect((await manage(s, 'DELETE', `/v1/users/${target.user_id}`, undefined, fresh)).status).toBe(200);
    const another = await s.signInByLink(uniqueEmail('target'), loopback());
    clock.advanceMinutes(11);
    expect((await manage(s, 'DELETE', `/v1/users/${another.user_id}`)).status).toBe(200);
  });
});
