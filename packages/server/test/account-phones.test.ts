import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { addPhone, asPerson, expectError, lastCode, loopback, type Person, signedIn } from './helpers/account.js';
import { uniqueEmail } from './helpers/harness.js';
import { type ListeningServer, startListening } from './helpers/listening.js';
import { codeIn, OTP, uniquePhone, wrongCode } from './helpers/otp.js';
import { sharedListening } from './helpers/shared-stack.js';

/** The account page's phone numbers, over real sockets: add with a texted passcode, make primary, remove. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const phonesOf = (user: User) => user.phone_numbers.map(({ phone_number, verified, primary }) => ({ phone_number, verified, primary }));
const me = async (who: Person) => (await asPerson<User>(s, who, '../users/me')).body;

/** Someone who signed up with a text passcode to `phone`. */
async function signedInByText(phone: string): Promise<Person> {
  const from = loopback();
  const sent = await s.send('POST', OTP.sms, { phone_number: phone }, { from });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const used = await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code: await lastCode(s, phone) }, { from });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return { email: '', from, session: used.body.session_token, userId: used.body.user_id, user: used.body.user };
}

describe('adding a phone number', () => {
  it('texts a 6-digit passcode (SMS by default, or WhatsApp); with it the number is added, verified, and can be made primary', async () => {
    const person = await signedIn(s);
    const first = uniquePhone();
    const started = await asPerson(s, person, 'phone_numbers/start', { phone_number: first });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ status_code: 200, request_id: expect.any(String), sent_to: first, expires_at: expect.any(String) });
    const [sms] = await s.outbox(first);
    expect(sms!.channel).toBe('sms');
    const added = await asPerson<User>(s, person, 'phone_numbers/add', { phone_number: first, code: codeIn(sms!.text) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(phonesOf(added.body)).toEqual([{ phone_number: first, verified: true, primary: true }]);

    const second = uniquePhone();
    expect((await asPerson(s, person, 'phone_numbers/start', { phone_number: second, channel: 'whatsapp' })).status).toBe(200);
    const [whatsapp] = await s.outbox(second);
    expect(whatsapp!.channel).toBe('whatsapp');
    const both = await asPerson<User>(s, person, 'phone_numbers/add', { phone_number: second, code: codeIn(whatsapp!.text) });
    expect(phonesOf(both.body)).toEqual([
      { phone_number: first, verified: true, primary: true },
      { phone_number: second, verified: true, primary: false },
    ]);

    const primary = await asPerson<User>(s, person, 'phone_numbers/primary', { phone_id: both.body.phone_numbers[1]!.phone_id });
    expect(primary.status).toBe(200);
    expect(phonesOf(primary.body).map((phone) => phone.primary)).toEqual([false, true]);
    expect(phonesOf(await me(person)).map((phone) => phone.primary)).toEqual([false, true]);

    // The number signs in as the user.
    const sent = await s.send('POST', OTP.sms, { phone_number: second }, { from: person.from });
    expect(sent.body.user_id).toBe(person.userId);
  });

  it("refuses another user's number at start and at add, the user's own at start; what is no number", async () => {
    const person = await signedIn(s);
    const theirs = uniquePhone();
    await signedInByText(theirs);
    expectError(await asPerson(s, person, 'phone_numbers/start', { phone_number: theirs }), 400, 'phone_number_already_taken');

    const contested = uniquePhone();
    expect((await asPerson(s, person, 'phone_numbers/start', { phone_number: contested })).status).toBe(200);
    const code = await lastCode(s, contested);
    await signedInByText(contested);
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: contested, code }), 400, 'phone_number_already_taken');

    const own = uniquePhone();
    await addPhone(s, person, own);
    expectError(await asPerson(s, person, 'phone_numbers/start', { phone_number: own }), 400, 'phone_number_already_added');
    expectError(await asPerson(s, person, 'phone_numbers/start', { phone_number: '6502530000' }), 400, 'invalid_phone_number');
    expectError(await asPerson(s, person, 'phone_numbers/start', { phone_number: '+999123456789' }), 400, 'invalid_phone_number_country_code');
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: '+999123456789', code: '123456' }), 400, 'invalid_phone_number');
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: own, code: 'abcdef' }), 400, 'invalid_code');
    expect(phonesOf(await me(person))).toEqual([{ phone_number: own, verified: true, primary: true }]);
  });

  it('a code is single use and guesses are limited', async () => {
    const person = await signedIn(s);
    const phone = uniquePhone();
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: phone, code: '123456' }), 401, 'otp_code_not_found');
    expect((await asPerson(s, person, 'phone_numbers/start', { phone_number: phone })).status).toBe(200);
    const code = await lastCode(s, phone);
    const answers = await Promise.all(Array.from({ length: 50 }, () => asPerson(s, person, 'phone_numbers/add', { phone_number: phone, code })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status))).toEqual(new Set([401]));

    const next = uniquePhone();
    expect((await asPerson(s, person, 'phone_numbers/start', { phone_number: next })).status).toBe(200);
    const nextCode = await lastCode(s, next);
    for (let guess = 1; guess <= 4; guess++)
      expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: next, code: wrongCode(nextCode) }), 401, 'otp_code_not_found');
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: next, code: wrongCode(nextCode) }), 401, 'otp_code_expired');
    expectError(await asPerson(s, person, 'phone_numbers/add', { phone_number: next, code: nextCode }), 401, 'otp_code_expired');
    expect(phonesOf(await me(person))).toHaveLength(1);
  });
});

describe('making a number primary and removing one', () => {
  it("another user's number is not found, and stays theirs", async () => {
    const person = await signedIn(s);
    const other = await signedInByText(uniquePhone());
    const theirs = other.user.phone_numbers[0]!.phone_id;
    expectError(await asPerson(s, person, 'phone_numbers/primary', { phone_id: theirs }), 404, 'phone_number_not_found');
    expectError(await asPerson(s, person, 'phone_numbers/remove', { phone_id: theirs }), 404, 'phone_number_not_found');
    expect((await me(other)).phone_numbers).toHaveLength(1);
  });

  it('removes a number (a passcode texted to it before is dead); refuses the last way in', async () => {
    const phone = uniquePhone();
    const person = await signedInByText(phone);
    const phoneId = person.user.phone_numbers[0]!.phone_id;
    expectError(await asPerson(s, person, 'phone_numbers/remove', { phone_id: phoneId }), 400, 'last_way_in');

    const email = uniqueEmail('phone-user');
    expect((await asPerson(s, person, 'emails/start', { email })).status).toBe(200);
    expect((await asPerson(s, person, 'emails/add', { email, code: await lastCode(s, email) })).status).toBe(200);
    const sent = await s.send('POST', OTP.sms, { phone_number: phone }, { from: person.from });
    const code = await lastCode(s, phone);
    const removed = await asPerson<User>(s, person, 'phone_numbers/remove', { phone_id: phoneId });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.phone_numbers).toEqual([]);
    expect(removed.body.emails.map((row) => row.primary)).toEqual([true]);
    expectError(await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code }, { from: person.from }), 401, 'otp_code_expired');
    expectError(await asPerson(s, person, 'phone_numbers/remove', { phone_id: phoneId }), 404, 'phone_number_not_found');
  });
});

describe('texts that cannot go out', () => {
  const servers: ListeningServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('a provider that fails is 502/503 delivery_failed; past the hourly text budget, 503 text_message_budget_exceeded', async () => {
    // The provider is a port nobody listens on (test/delivery/ has every sending route meet this).
    const failing = await startListening({
      sms: { accountSid: 'AC0123', authToken: 'secret', fromNumber: '+15005550006', whatsappFrom: null, baseUrl: 'http://127.0.0.1:9' },
      smsCountryHourlyBudget: 1,
    });
    servers.push(failing);
    const email = uniqueEmail('no-texts');
    const signed = await failing.signInByLink(email);
    const who = { session: signed.session_token, from: '127.0.0.1' };
    const failed = await asPerson(failing, who, 'phone_numbers/start', { phone_number: uniquePhone() });
    expect(failed.body.error_type, JSON.stringify(failed.body)).toBe('delivery_failed');
    expect([502, 503]).toContain(failed.status);
    expectError(await asPerson(failing, who, 'phone_numbers/start', { phone_number: uniquePhone(), channel: 'whatsapp' }), 503, 'text_message_budget_exceeded');
  });

  it('a channel with neither a provider nor the outbox is 503 channel_not_configured; an email that cannot be sent is delivery_failed', async () => {
    const closed = await startListening({ outboxEnabled: false, smtpUrl: 'smtp://127.0.0.1:9' });
    servers.push(closed);
    // A password sign-up: the one way in that needs no message.
    const email = uniqueEmail('closed');
    const created = await closed.send('POST', '/sdk/v1/passwords', { email, password: 'orbit Pickle 74 lantern quasar' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const who = { session: created.body.session_token, from: '127.0.0.1' };
    expectError(await asPerson(closed, who, 'phone_numbers/start', { phone_number: uniquePhone() }), 503, 'channel_not_configured');
    // Its own unproven address is the one the page may send a code to.
    const failed = await asPerson(closed, who, 'emails/start', { email });
    expect(failed.body.error_type, JSON.stringify(failed.body)).toBe('delivery_failed');
  });
});
