import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { addEmail, addPhone, asPerson, expectError, lastCode, type Person, signedIn } from './helpers/account.js';
import { testClock, uniqueEmail } from './helpers/harness.js';
import { type ListeningServer, startListening } from './helpers/listening.js';
import { signInByPasscode, uniquePhone } from './helpers/otp.js';
import { ethereumWallet, signInWithWallet } from './helpers/wallets.js';
import { sharedListening } from './helpers/shared-stack.js';
import { TEST_SECRET } from './helpers/test-config.js';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';

/**
 * The account page's two rules, over real sockets: a sensitive change needs a recent sign-in
 * (reauthenticationMinutes), which a new sign-in with the same session gives; and the last way in
 * is never removed, however many removals arrive at once.
 */

describe('a recent sign-in for sensitive changes', () => {
  const clock = testClock();
  let s: ListeningServer;
  beforeAll(async () => {
    // One minute, so that a passcode sent before still works after the sign-in is old.
    s = await startListening({ project: { reauthenticationMinutes: 1 } as never }, {}, undefined, clock);
  });
  afterAll(() => s.close());

  it('is 403 reauthentication_required on every sensitive route once the sign-in is older; other routes go on', async () => {
    const person = await signedIn(s, 'stale');
    const user = await addEmail(s, person, uniqueEmail('second'));
    clock.advanceMinutes(2);
    const sensitive: Array<[string, unknown]> = [
      ['emails/start', { email: uniqueEmail('x') }],
      ['emails/add', { email: uniqueEmail('x'), code: '123456' }],
      ['emails/remove', { email_id: user.emails[1]!.email_id }],
      ['phone_numbers/start', { phone_number: uniquePhone() }],
      ['phone_numbers/add', { phone_number: uniquePhone(), code: '123456' }],
      ['phone_numbers/remove', { phone_id: 'phone-x' }],
      ['password', { password: 'orbit Pickle 74 lantern quasar' }],
      ['password/remove', {}],
      ['sessions/revoke', { session_id: 'session-x' }],
      ['sessions/revoke_others', {}],
      ['delete', { confirmation: person.email }],
    ];
    for (const [path, body] of sensitive) {
      const answer = await asPerson(s, person, path, body);
      expectError(answer, 403, 'reauthentication_required');
      expect(answer.body.error_message).toBe('For your security, please confirm it is you before making this change.');
    }
    expect((await asPerson(s, person, 'emails/primary', { email_id: user.emails[1]!.email_id })).status).toBe(200);
    expect((await asPerson(s, person, 'sessions')).status).toBe(200);
    expect((await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: person.session, from: person.from })).body.emails).toHaveLength(2);
  });

  it('a new sign-in with the same session lifts it, and the passcode sent before the refusal was not spent by it', async () => {
    const person = await signedIn(s, 'again');
    const added = uniqueEmail('added');
    expect((await asPerson(s, person, 'emails/start', { email: added })).status).toBe(200);
    const code = await lastCode(s, added);
    clock.advanceMinutes(2);
    expectError(await asPerson(s, person, 'emails/add', { email: added, code }), 403, 'reauthentication_required');

    // The person confirms it is them with a passcode to their address, sent with the same session.
    const again = await signInByPasscode(s, person.email, { session: person.session, from: person.from });
    expect(again.session_token).toBe(person.session);
    const user = await asPerson<User>(s, person, 'emails/add', { email: added, code });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(user.body.emails.map((email) => email.email)).toEqual([person.email, added]);
  });

  it('a credential the session attaches (a wallet seen for the first time) does not make the sign-in recent again', async () => {
    const person = await signedIn(s, 'attach');
    // Linking a wallet through sign-in needs a recent sign-in itself: half a minute in, the session has one.
    clock.advanceMinutes(0.5);
    const linked = await signInWithWallet(s, ethereumWallet(), { session: person.session, from: person.from });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.user_id).toBe(person.userId);
    expect(linked.body.session_token).toBe(person.session);
    // The link is three quarters of a minute old, the sign-in more than a minute: not recent.
    clock.advanceMinutes(0.75);
    expectError(await asPerson(s, person, 'sessions/revoke_others', {}), 403, 'reauthentication_required');
    // A passcode to the user's address, with the same session, is one.
    await signInByPasscode(s, person.email, { session: person.session, from: person.from });
    expect((await asPerson(s, person, 'sessions/revoke_others', {})).status).toBe(200);
  });

  it('the current password stands for a recent sign-in when changing the password', async () => {
    const person = await signedIn(s, 'password');
    expect((await asPerson(s, person, 'password', { password: 'orbit Pickle 74 lantern quasar' })).status).toBe(200);
    clock.advanceMinutes(2);
    expectError(await asPerson(s, person, 'password', { password: 'velvet Harbor 19 thistle comet' }), 403, 'reauthentication_required');
    const changed = await asPerson(s, person, 'password', { password: 'velvet Harbor 19 thistle comet', current_password: 'orbit Pickle 74 lantern quasar' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});

/**
 * Two addresses and a number, and 50 removals of them at once, spread over `servers` (instances of
 * one database): two succeed, every other is last_way_in or finds its way in already gone, and one
 * way in is left.
 */
async function removeAllAtOnce(servers: ListeningServer[]): Promise<void> {
  const [first] = servers as [ListeningServer];
  const person: Person = await signedIn(first, 'race');
  await addEmail(first, person, uniqueEmail('race-second'));
  const user = await addPhone(first, person, uniquePhone());
  const removals: Array<[string, unknown]> = [
    ['emails/remove', { email_id: user.emails[0]!.email_id }],
    ['emails/remove', { email_id: user.emails[1]!.email_id }],
    ['phone_numbers/remove', { phone_id: user.phone_numbers[0]!.phone_id }],
  ];
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => asPerson(servers[i % servers.length]!, person, ...removals[i % removals.length]!)));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
  for (const answer of answers.filter((answer) => answer.status !== 200)) {
    expect(['400 last_way_in', '404 email_not_found', '404 phone_number_not_found']).toContain(`${answer.status} ${answer.body.error_type}`);
  }
  expect(answers.some((answer) => answer.body.error_type === 'last_way_in')).toBe(true);
  const left = (await first.send<User>('GET', '/sdk/v1/users/me', undefined, { session: person.session, from: person.from })).body;
  expect(left.emails.length + left.phone_numbers.length).toBe(1);
}

describe('never locked out', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await sharedListening();
  });

  it('50 removals at once of two addresses and a number leave exactly one way in', async () => {
    await removeAllAtOnce([s]);
  });

  it('a password is no way in without an email to sign in with', async () => {
    const phonePerson = await signedIn(s, 'pw');
    const user = await addPhone(s, phonePerson, uniquePhone());
    expect((await asPerson(s, phonePerson, 'password', { password: 'orbit Pickle 74 lantern quasar' })).status).toBe(200);
    expect((await asPerson(s, phonePerson, 'emails/remove', { email_id: user.emails[0]!.email_id })).status).toBe(200);
    // Left: the number and a password no email signs in with; the number is the last way in.
    expectError(await asPerson(s, phonePerson, 'phone_numbers/remove', { phone_id: user.phone_numbers[0]!.phone_id }), 400, 'last_way_in');
  });
});

describeWithPostgres('never locked out, on two instances of one PostgreSQL (real parallel transactions)', (cluster) => {
  const servers: ListeningServer[] = [];
  beforeAll(async () => {
    const url = await cluster().createDatabase();
    servers.push(await startListening({ databaseUrl: url, secret: TEST_SECRET }), await startListening({ databaseUrl: url, secret: TEST_SECRET }));
  });
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('50 removals at once, spread over both instances, leave exactly one way in, every round', async () => {
    for (let round = 0; round < 3; round++) await removeAllAtOnce(servers);
  });
});
