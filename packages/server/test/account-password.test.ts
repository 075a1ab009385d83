import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { asPerson, expectError, loopback, type Person, signedIn } from './helpers/account.js';
import { uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { sharedListening } from './helpers/shared-stack.js';

/** The account page's password, over real sockets: set, change (with the current one), remove. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const PASSWORD = 'orbit Pickle 74 lantern quasar';
const NEXT = 'velvet Harbor 19 thistle comet';
const PASSWORD_SIGN_IN = '/sdk/v1/passwords/authenticate';
const signInWithPassword = (email: string, password: string, from: string) => s.send('POST', PASSWORD_SIGN_IN, { email, password }, { from });
const me = (who: Pick<Person, 'session' | 'from'>) => s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: who.session, from: who.from });

describe('setting a password', () => {
  it('a user without one sets one (the policy and breach check of sign-up apply); it then signs in with the email', async () => {
    const person = await signedIn(s);
    expectError(await asPerson(s, person, 'password', { password: 'password1' }), 400, 'weak_password');
    expectError(await asPerson(s, person, 'password', { password: 'aaaaaaaa' }), 400, 'weak_password');
    const set = await asPerson<User>(s, person, 'password', { password: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.password).toEqual({ password_id: expect.any(String) });
    const signedInAgain = await signInWithPassword(person.email, PASSWORD, person.from);
    expect(signedInAgain.status, JSON.stringify(signedInAgain.body)).toBe(200);
    expect(signedInAgain.body.user_id).toBe(person.userId);
  });

  it('changing it with the current password; a wrong current password is refused and counted with the sign-in guesses', async () => {
    const person = await signedIn(s);
    expect((await asPerson(s, person, 'password', { password: PASSWORD })).status).toBe(200);
    expectError(await asPerson(s, person, 'password', { password: NEXT, current_password: 'not it at all' }), 400, 'invalid_current_password');
    const changed = await asPerson<User>(s, person, 'password', { password: NEXT, current_password: PASSWORD });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expectError(await signInWithPassword(person.email, PASSWORD, person.from), 401, 'unauthorized_credentials');
    expect((await signInWithPassword(person.email, NEXT, person.from)).status).toBe(200);

    // Ten wrong ones from one address lock that address out of the account's password, there and at sign-in.
    const guesser = { ...person, from: loopback() };
    for (let guess = 1; guess <= 9; guess++)
      expectError(await asPerson(s, guesser, 'password', { password: PASSWORD, current_password: `wrong ${guess}` }), 400, 'invalid_current_password');
    expectError(await asPerson(s, guesser, 'password', { password: PASSWORD, current_password: 'wrong 10' }), 429, 'user_lock_limit_reached');
    expectError(await asPerson(s, guesser, 'password', { password: PASSWORD, current_password: NEXT }), 429, 'user_lock_limit_reached');
    expectError(await signInWithPassword(person.email, NEXT, guesser.from), 429, 'user_lock_limit_reached');
    // Another address is not locked.
    expect((await signInWithPassword(person.email, NEXT, person.from)).status).toBe(200);
  });

  it('sign_out_other_devices ends the other sessions at once; this one stays', async () => {
    const person = await signedIn(s);
    const other = await s.signInByLink(person.email, loopback());
    expect((await me({ session: other.session_token, from: person.from })).status).toBe(200);
    const set = await asPerson<User>(s, person, 'password', { password: PASSWORD, sign_out_other_devices: true });
    expect(set.status).toBe(200);
    expectError(await me({ session: other.session_token, from: person.from }), 401, 'session_not_found');
    expect((await me(person)).status).toBe(200);
    // Without it, they stay.
    const third = await s.signInByLink(person.email, loopback());
    expect((await asPerson(s, person, 'password', { password: NEXT, current_password: PASSWORD })).status).toBe(200);
    expect((await me({ session: third.session_token, from: person.from })).status).toBe(200);
  });
});

describe('removing the password', () => {
  it('removes it: it no longer signs in, and a second removal finds none', async () => {
    const person = await signedIn(s);
    expectError(await asPerson(s, person, 'password/remove', {}), 400, 'no_user_password');
    expect((await asPerson(s, person, 'password', { password: PASSWORD })).status).toBe(200);
    const removed = await asPerson<User>(s, person, 'password/remove', {});
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.password).toBeNull();
    expectError(await signInWithPassword(person.email, PASSWORD, person.from), 401, 'unauthorized_credentials');
    expectError(await asPerson(s, person, 'password/remove', {}), 400, 'no_user_password');
  });
});

describe('a password set before any email was proven', () => {
  it('stays unproven when changed, so the first proof of the email still removes it', async () => {
    const email = uniqueEmail('planted');
    const from = loopback();
    const created = await s.send('POST', '/sdk/v1/passwords', { email, password: PASSWORD }, { from });
    expect(created.status).toBe(200);
    const planter = { session: created.body.session_token, from };
    expect((await asPerson(s, planter, 'password', { password: NEXT, current_password: PASSWORD })).status).toBe(200);

    // The owner of the address proves it: by a link, as any first proof.
    const owner = await s.signInByLink(email, loopback());
    expect(owner.user_id).toBe(created.body.user_id);
    expect(owner.user.password).toBeNull();
    expectError(await me(planter), 401, 'session_not_found');
    expectError(await signInWithPassword(email, NEXT, loopback()), 401, 'unauthorized_credentials');
  });
});

it('a current password given by a user who has none is not right', async () => {
  const person = await signedIn(s);
  expectError(await asPerson(s, person, 'password', { password: PASSWORD, current_password: PASSWORD }), 400, 'invalid_current_password');
  expect((await me(person)).body.password).toBeNull();
});
