import { beforeAll, describe, expect, it } from 'vitest';
import type { OtpLoginOrCreateResponse, SessionResponse, User } from '@vestibule/contract';
import { account, addEmail, asPerson, expectError, lastCode, loopback, type Person, signedIn } from './helpers/account.js';
import { uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { OTP, wrongCode } from './helpers/otp.js';
import { sharedListening } from './helpers/shared-stack.js';

/** The account page's email addresses, over real sockets: add with a passcode, make primary, remove. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const me = async (who: Person) => (await asPerson<User>(s, who, '../users/me')).body;
const emailsOf = (user: User) => user.emails.map(({ email, verified, primary }) => ({ email, verified, primary }));

describe('adding an email address', () => {
  it('sends a 6-digit passcode to the new address; with it the address is added, verified, and can be made primary', async () => {
    const person = await signedIn(s);
    const added = uniqueEmail('second');
    const started = await asPerson(s, person, 'emails/start', { email: added.toUpperCase() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ status_code: 200, request_id: expect.any(String), sent_to: added, expires_at: expect.any(String) });
    const minutesLeft = (Date.parse(started.body.expires_at) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(4);
    expect(minutesLeft).toBeLessThanOrEqual(5);
    const [message] = await s.outbox(added);
    expect(message!.subject).toMatch(/verification code/);

    const user = await asPerson<User>(s, person, 'emails/add', { email: added, code: await lastCode(s, added) });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(emailsOf(user.body)).toEqual([
      { email: person.email, verified: true, primary: true },
      { email: added, verified: true, primary: false },
    ]);
    const addedId = user.body.emails[1]!.email_id;

    const primary = await asPerson<User>(s, person, 'emails/primary', { email_id: addedId });
    expect(primary.status).toBe(200);
    expect(emailsOf(primary.body).map((email) => email.primary)).toEqual([false, true]);
    // The session check (its User from memory, dropped by the change feed) says the same.
    expect(emailsOf(await me(person)).map((email) => email.primary)).toEqual([false, true]);

    // The added address signs in as this user.
    const second = await s.signInByLink(added, person.from);
    expect(second.user_id).toBe(person.userId);
  });

  it('refuses an address of another user, at start and again at add when it was taken after the code was sent', async () => {
    const person = await signedIn(s);
    const other = await signedIn(s);
    expectError(await asPerson(s, person, 'emails/start', { email: other.email }), 400, 'email_already_taken');

    const contested = uniqueEmail('contested');
    expect((await asPerson(s, person, 'emails/start', { email: contested })).status).toBe(200);
    const code = await lastCode(s, contested);
    await s.signInByLink(contested, loopback());
    expectError(await asPerson(s, person, 'emails/add', { email: contested, code }), 400, 'email_already_taken');
    expect(emailsOf(await me(person))).toEqual([{ email: person.email, verified: true, primary: true }]);
  });

  it('tells whose an address is only as often as codes may be sent: add without its code says nothing, and starts count against the limits first', async () => {
    const person = await signedIn(s);
    const others = await Promise.all(Array.from({ length: 3 }, () => signedIn(s)));
    // No code was sent to it for this person: the add answers as for any wrong code, never email_already_taken.
    expectError(await asPerson(s, person, 'emails/add', { email: others[0]!.email, code: '123456' }), 401, 'otp_code_not_found');
    // Each start is counted before the answer (10 an hour for the account), taken or not.
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await asPerson(s, person, 'emails/start', { email: others[i % 3]!.email })).body.error_type);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('email_already_taken'));
    expect(answers.slice(10)).toEqual(['too_many_requests', 'too_many_requests']);
  });

  it('says an address the user has proven is already added; refuses what is no address', async () => {
    const person = await signedIn(s);
    expectError(await asPerson(s, person, 'emails/start', { email: person.email }), 400, 'email_already_added');
    expectError(await asPerson(s, person, 'emails/start', { email: 'not-an-address' }), 400, 'invalid_email');
    expectError(await asPerson(s, person, 'emails/add', { email: 'not-an-address', code: '123456' }), 400, 'invalid_email');
  });

  it('a code is single use: 50 parallel adds with the right code add the address once', async () => {
    const person = await signedIn(s);
    const added = uniqueEmail('race');
    expect((await asPerson(s, person, 'emails/start', { email: added })).status).toBe(200);
    const code = await lastCode(s, added);
    const answers = await Promise.all(Array.from({ length: 50 }, () => asPerson(s, person, 'emails/add', { email: added, code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(401);
      expect(['otp_code_expired', 'otp_code_not_found']).toContain(answer.body.error_type);
    }
    expect(emailsOf(await me(person))).toHaveLength(2);
  });

  it('wrong guesses are limited: the fifth wrong code ends it, and the right one then no longer works', async () => {
    const person = await signedIn(s);
    const added = uniqueEmail('guess');
    expectError(await asPerson(s, person, 'emails/add', { email: added, code: '123456' }), 401, 'otp_code_not_found');
    expect((await asPerson(s, person, 'emails/start', { email: added })).status).toBe(200);
    const code = await lastCode(s, added);
    expectError(await asPerson(s, person, 'emails/add', { email: added, code: '12ab56' }), 400, 'invalid_code');
    for (let guess = 1; guess <= 4; guess++)
      expectError(await asPerson(s, person, 'emails/add', { email: added, code: wrongCode(code) }), 401, 'otp_code_not_found');
    expectError(await asPerson(s, person, 'emails/add', { email: added, code: wrongCode(code) }), 401, 'otp_code_expired');
    expectError(await asPerson(s, person, 'emails/add', { email: added, code }), 401, 'otp_code_expired');
    // A code works only for the address it was sent to.
    const other = uniqueEmail('other');
    expect((await asPerson(s, person, 'emails/start', { email: other })).status).toBe(200);
    expectError(await asPerson(s, person, 'emails/add', { email: added, code: await lastCode(s, other) }), 401, 'otp_code_not_found');
    expect(emailsOf(await me(person))).toHaveLength(1);
  });

  it("another user's code does nothing for this one", async () => {
    const person = await signedIn(s);
    const other = await signedIn(s);
    const added = uniqueEmail('theirs');
    expect((await asPerson(s, other, 'emails/start', { email: added })).status).toBe(200);
    expectError(await asPerson(s, person, 'emails/add', { email: added, code: await lastCode(s, added) }), 401, 'otp_code_not_found');
    // Theirs still works for them.
    expect((await asPerson(s, other, 'emails/add', { email: added, code: await lastCode(s, added) })).status).toBe(200);
  });

  it('sends at most accountCodesPerUser passcodes an hour for one user (10), then 429', async () => {
    const person = await signedIn(s);
    for (let sent = 0; sent < 10; sent++) expect((await asPerson(s, person, 'emails/start', { email: uniqueEmail('many') })).status).toBe(200);
    const refused = await asPerson(s, person, 'emails/start', { email: uniqueEmail('many') });
    expectError(refused, 429, 'too_many_requests');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('making an address primary and removing one', () => {
  it("refuses an address that is not the user's own: another user's id is not found, and stays theirs", async () => {
    const person = await signedIn(s);
    const other = await signedIn(s);
    const theirs = other.user.emails[0]!.email_id;
    expectError(await asPerson(s, person, 'emails/primary', { email_id: theirs }), 404, 'email_not_found');
    expectError(await asPerson(s, person, 'emails/remove', { email_id: theirs }), 404, 'email_not_found');
    expect(emailsOf(await me(other))).toEqual([{ email: other.email, verified: true, primary: true }]);
  });

  it('removes an address: it no longer signs in as the user, and a passcode sent to it before is dead', async () => {
    const person = await signedIn(s);
    const second = uniqueEmail('removed');
    const user = await addEmail(s, person, second);
    const secondId = user.emails[1]!.email_id;
    // A passcode to the address, asked for before the removal.
    const sent = await s.send('POST', OTP.email, { email: second }, { from: person.from });
    const code = await lastCode(s, second);

    const removed = await asPerson<User>(s, person, 'emails/remove', { email_id: secondId });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(emailsOf(removed.body)).toEqual([{ email: person.email, verified: true, primary: true }]);
    expectError(await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code }, { from: person.from }), 401, 'otp_code_expired');
    expectError(await asPerson(s, person, 'emails/remove', { email_id: secondId }), 404, 'email_not_found');
    // The address is nobody's now: signing in with it makes a new user.
    expect((await s.signInByLink(second, loopback())).user_id).not.toBe(person.userId);
  });

  it('refuses the last way in; removing the primary address makes the next one primary', async () => {
    const person = await signedIn(s);
    expectError(await asPerson(s, person, 'emails/remove', { email_id: person.user.emails[0]!.email_id }), 400, 'last_way_in');
    const user = await addEmail(s, person, uniqueEmail('next'));
    const removed = await asPerson<User>(s, person, 'emails/remove', { email_id: user.emails[0]!.email_id });
    expect(removed.status).toBe(200);
    expect(emailsOf(removed.body)).toEqual([{ email: user.emails[1]!.email, verified: true, primary: true }]);
  });
});

describe('an account whose password was set before its email was proven (a possible pre-hijacking)', () => {
  const PASSWORD = 'orbit Pickle 74 lantern quasar';

  async function passwordSignUp(): Promise<Person> {
    const email = uniqueEmail('unproven');
    const from = loopback();
    const created = await s.send('POST', '/sdk/v1/passwords', { email, password: PASSWORD }, { from });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { email, from, session: created.body.session_token, userId: created.body.user_id, user: created.body.user };
  }

  it('adds no way in and keeps the password until the email is proven; the unproven address cannot be primary', async () => {
    const person = await passwordSignUp();
    expectError(await asPerson(s, person, 'emails/start', { email: uniqueEmail('planted') }), 400, 'unverified_email');
    // No code reaches an address it may not add, so an add has none to try.
    expectError(await asPerson(s, person, 'emails/add', { email: uniqueEmail('planted'), code: '123456' }), 401, 'otp_code_not_found');
    expectError(await asPerson(s, person, 'phone_numbers/start', { phone_number: '+16502530000' }), 400, 'unverified_email');
    expectError(await asPerson(s, person, 'password/remove', {}), 400, 'unverified_email');
    expectError(await asPerson(s, person, 'emails/primary', { email_id: person.user.emails[0]!.email_id }), 400, 'unverified_email');
  });

  it('proves its own address with a passcode: the person who signed up keeps their password and stays signed in, and may then add ways in', async () => {
    const person = await passwordSignUp();
    expect((await asPerson(s, person, 'emails/start', { email: person.email })).status).toBe(200);
    const proven = await asPerson<User>(s, person, 'emails/add', { email: person.email, code: await lastCode(s, person.email) });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    expect(emailsOf(proven.body)).toEqual([{ email: person.email, verified: true, primary: true }]);
    expect(proven.body.password).not.toBeNull();
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: person.session, from: person.from })).status).toBe(200);
    expect((await s.send('POST', '/sdk/v1/passwords/authenticate', { email: person.email, password: PASSWORD }, { from: person.from })).status).toBe(200);
    expect((await asPerson(s, person, 'emails/start', { email: uniqueEmail('after-proof') })).status).toBe(200);
  });

  it('the owner who never held its session still ends the planted password by signing in with a passcode', async () => {
    const planter = await passwordSignUp();
    const owner = await s.send<OtpLoginOrCreateResponse>('POST', '/sdk/v1/otps/email/login_or_create', { email: planter.email }, { from: loopback() });
    expect(owner.status).toBe(200);
    const signedIn = await s.send<SessionResponse>(
      'POST',
      '/sdk/v1/otps/authenticate',
      { method_id: owner.body.method_id, code: await lastCode(s, planter.email) },
      { from: loopback() },
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.password).toBeNull();
    expectError(await s.send('GET', '/sdk/v1/users/me', undefined, { session: planter.session, from: planter.from }), 401, 'session_not_found');
  });
});

it('every route of the page needs a session', async () => {
  for (const path of ['emails/start', 'emails/add', 'emails/primary', 'emails/remove']) {
    expectError(await s.send('POST', account(path), { email_id: 'x' }, { from: loopback() }), 401, 'user_unauthenticated');
  }
});
