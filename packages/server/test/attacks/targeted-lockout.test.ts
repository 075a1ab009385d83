import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { codeIn, OTP, wrongCode } from '../helpers/otp.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * Finding 4: anyone who knew an email could lock its owner out of passcode and password sign-in for
 * 30 minutes with ten requests. Failures now count per account and client address; a far higher
 * account-wide ceiling stops a distributed guesser, and the owner can always get back in through
 * an emailed link or code.
 */
const PASSWORD = 'Owner keeps this 1 phrase safe';
const STRANGER = '127.0.0.77';
const OWNER = '127.0.0.5';
const defaults = testConfig().rateLimits;
let s: ListeningServer;
beforeAll(async () => {
  s = await startListening({
    rateLimits: { ...defaults, passwordAccountLockout: { maxFailures: 30, windowSeconds: 3600, lockSeconds: 1800 } },
  });
});
afterAll(() => s.close());

const login = (email: string, password: string, from: string) => s.send('POST', '/sdk/v1/passwords/authenticate', { email, password }, { from });

describe('targeted lockout', () => {
  it("a stranger's ten wrong passwords lock the stranger out, not the owner", async () => {
    const email = uniqueEmail('target');
    await s.send('POST', '/sdk/v1/passwords', { email, password: PASSWORD }, { from: OWNER });
    for (let i = 0; i < 10; i++) await login(email, `guess ${i}`, STRANGER);
    expect((await login(email, PASSWORD, STRANGER)).status).toBe(429);
    const owner = await login(email, PASSWORD, OWNER);
    expect(owner.status).toBe(200);
  });

  it("a stranger's ten wrong passcodes lock the stranger out, not the owner", async () => {
    const email = uniqueEmail('target-otp');
    let sent = await s.send('POST', OTP.email, { email }, { from: OWNER });
    for (let i = 0; i < 10; i++) {
      if (i === 5) sent = await s.send('POST', OTP.email, { email }, { from: OWNER }); // a code allows 5 tries
      const code = codeIn((await s.outbox(email))[0]!.text);
      await s.send('POST', OTP.authenticate, { code: wrongCode(code), method_id: sent.body.method_id }, { from: STRANGER });
    }
    const fresh = await s.send('POST', OTP.email, { email }, { from: OWNER });
    const code = codeIn((await s.outbox(email))[0]!.text);
    expect((await s.send('POST', OTP.authenticate, { code: wrongCode(code), method_id: fresh.body.method_id }, { from: STRANGER })).status).toBe(429);
    const owner = await s.send('POST', OTP.authenticate, { code, method_id: fresh.body.method_id }, { from: OWNER });
    expect(owner.status).toBe(200);
  });

  it('past the account-wide ceiling the owner is locked out of passwords but gets in by a link, and a reset lifts the lock', async () => {
    const email = uniqueEmail('distributed');
    await s.send('POST', '/sdk/v1/passwords', { email, password: PASSWORD }, { from: OWNER });
    // 5 addresses, 6 guesses each: under each address's limit of 10, at the account's 30.
    for (let n = 1; n <= 5; n++) for (let i = 0; i < 6; i++) await login(email, `guess ${n}-${i}`, `127.0.4.${n}`);
    const locked = await login(email, PASSWORD, OWNER);
    expect(locked.status).toBe(429);
    expect(locked.body.error_type).toBe('user_lock_limit_reached');

    // The emailed ways in are not locked.
    const byLink = await s.signInByLink(email, OWNER);
    expect(byLink.user.emails[0]!.verified).toBe(true);
    await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email }, { from: OWNER });
    const link = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec((await s.outbox(email))[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const NEW = 'A brand new 7 passphrase now';
    expect((await s.send('POST', '/sdk/v1/passwords/email/reset', { token, password: NEW }, { from: OWNER })).status).toBe(200);
    expect((await login(email, NEW, OWNER)).status).toBe(200);
  });
});
