import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@vestibule/contract';
import { addEmail, addPhone, asPerson, expectError, lastCode, loopback, signedIn } from './helpers/account.js';
import { uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { OTP, uniquePhone } from './helpers/otp.js';
import { sharedListening } from './helpers/shared-stack.js';
import { ethereumWallet, signInWithWallet } from './helpers/wallets.js';

/** Deleting an account from the account page, over real sockets. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

describe('deleting the account', () => {
  it('needs the primary address typed (case and spaces aside); then every session is dead and the addresses are free to sign up again', async () => {
    const person = await signedIn(s);
    const second = uniqueEmail('second');
    await addEmail(s, person, second);
    const phone = uniquePhone();
    await addPhone(s, person, phone);
    const otherDevice = await s.signInByLink(person.email, loopback());
    // Something of theirs still pending, which goes with the user: a code to an address being added.
    const pending = uniqueEmail('pending');
    expect((await asPerson(s, person, 'emails/start', { email: pending })).status).toBe(200);

    expectError(await asPerson(s, person, 'delete', { confirmation: second }), 400, 'account_deletion_not_confirmed');
    expectError(await asPerson(s, person, 'delete', { confirmation: '' }), 400, 'account_deletion_not_confirmed');
    const deleted = await asPerson(s, person, 'delete', { confirmation: `  ${person.email.toUpperCase()} ` });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ status_code: 200, request_id: expect.any(String) });

    for (const session of [person.session, otherDevice.session_token]) {
      expectError(await s.send('GET', '/sdk/v1/users/me', undefined, { session, from: person.from }), 401, 'session_not_found');
      expectError(await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session, from: person.from }), 401, 'session_not_found');
    }
    expectError(await asPerson(s, person, 'delete', { confirmation: person.email }), 401, 'session_not_found');

    // Each address and the number now make new, empty users.
    for (const email of [person.email, second]) {
      const again = await s.signInByLink(email, loopback());
      expect(again.user_id).not.toBe(person.userId);
      expect(again.user.emails.map((row) => row.email)).toEqual([email]);
      expect(again.user.phone_numbers).toEqual([]);
    }
    const texted = await s.send('POST', OTP.sms, { phone_number: phone }, { from: loopback() });
    expect(texted.body.user_created).toBe(true);
  });

  it('a user without an email confirms with the primary phone number; one with neither, with the word delete', async () => {
    const phone = uniquePhone();
    const from = loopback();
    const sent = await s.send('POST', OTP.sms, { phone_number: phone }, { from });
    const texted = await s.send('POST', OTP.authenticate, { method_id: sent.body.method_id, code: await lastCode(s, phone) }, { from });
    const byPhone = { session: texted.body.session_token, from };
    expectError(await asPerson(s, byPhone, 'delete', { confirmation: 'delete' }), 400, 'account_deletion_not_confirmed');
    expect((await asPerson(s, byPhone, 'delete', { confirmation: phone })).status).toBe(200);

    const wallet = await signInWithWallet(s, ethereumWallet(), { from });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    const byWallet = { session: wallet.body.session_token, from };
    expectError(await asPerson(s, byWallet, 'delete', { confirmation: wallet.body.crypto_wallet_address }), 400, 'account_deletion_not_confirmed');
    expect((await asPerson(s, byWallet, 'delete', { confirmation: ' DELETE ' })).status).toBe(200);
    expectError(await s.send<User>('GET', '/sdk/v1/users/me', undefined, byWallet), 401, 'session_not_found');
  });
});
