import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { codeIn, OTP, wrongCode } from '../helpers/otp.js';
import { testConfig } from '../helpers/test-config.js';

/**
 * Finding 3: the lock was checked before the hash was verified and failures were recorded after,
 * so 100 parallel wrong passwords got 45 evaluated answers against the documented 10. Each attempt
 * is now reserved atomically before its secret is checked.
 */
const PASSWORD = 'Correct horse battery 9 staple';
const defaults = testConfig().rateLimits;
const unlimited = { limit: 100_000, windowSeconds: 600 };
let s: ListeningServer;
beforeAll(async () => {
  // Only the lockouts are under test: the request-rate limits are out of the way.
  // The queue for password work made long enough to hold every burst here: what is tested is the
  // lockout under parallel guesses, not the flood guard (attacks/login-flood.test.ts).
  s = await startListening({
    hashQueueLength: 1000,
    rateLimits: { ...defaults, passwordPerIp: unlimited, passwordPerAccount: unlimited, otpPerIp: unlimited },
  });
});
afterAll(() => s.close());

async function account(): Promise<string> {
  const email = uniqueEmail('guessed');
  expect((await s.send('POST', '/sdk/v1/passwords', { email, password: PASSWORD }, { from: '127.0.0.200' })).status).toBe(200);
  return email;
}

const login = (email: string, password: string, from: string) => s.send('POST', '/sdk/v1/passwords/authenticate', { email, password }, { from });
const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status);

describe('parallel password guesses', () => {
  it('100 parallel wrong passwords from one address: at most 10 are evaluated, the rest are 429', async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(email, `wrong guess ${i}`, '127.0.0.10')));
    const evaluated = answers.filter((a) => a.status === 401);
    expect(evaluated.length).toBeLessThanOrEqual(defaults.passwordLockout.maxFailures);
    expect(statuses(answers).filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.error_type === 'user_lock_limit_reached')).toBe(true);
    // The right password from that address is refused too.
    const right = await login(email, PASSWORD, '127.0.0.10');
    expect(right.status).toBe(429);
    expect(right.body.error_type).toBe('user_lock_limit_reached');
  });

  it('a right password sent among 50 parallel wrong ones from that address gets no session once the lock is reached', async () => {
    const email = await account();
    const burst = Array.from({ length: 50 }, (_, i) => login(email, `wrong ${i}`, '127.0.0.11'));
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10);
    const late = await Promise.all(Array.from({ length: 10 }, () => login(email, PASSWORD, '127.0.0.11')));
    expect(statuses(late)).toEqual(Array(10).fill(429));
  });

  it('the same wrong guess 50 times in parallel from many addresses stays under the account-wide ceiling', async () => {
    const email = await account();
    const ceiling = defaults.passwordAccountLockout.maxFailures;
    // 120 guesses from 20 addresses, 6 each: no address reaches its own limit, the account does.
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(email, 'the same wrong guess', `127.0.1.${(i % 20) + 1}`)));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThan(ceiling);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(120 - ceiling);
    expect((await login(email, PASSWORD, '127.0.2.1')).status).toBe(429);
  });
});

describe('parallel passcode guesses', () => {
  it('the same wrong code 50 times in parallel: at most 5 reach the code, and the right code is then dead', async () => {
    const email = uniqueEmail('otp-burst');
    const sent = await s.send('POST', OTP.email, { email });
    const code = codeIn((await s.outbox(email))[0]!.text);
    const guess = wrongCode(code);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => s.send('POST', OTP.authenticate, { code: guess, method_id: sent.body.method_id }, { from: '127.0.0.20' })),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(defaults.otpLockout.maxFailures);
    // The code allowed 5 tries: the right one no longer works, from any address.
    const right = await s.send('POST', OTP.authenticate, { code, method_id: sent.body.method_id }, { from: '127.0.0.21' });
    expect(right.status).toBe(401);
    expect(right.body.error_type).toBe('otp_code_expired');
  });

  it('the right code 50 times in parallel signs in exactly once', async () => {
    const email = uniqueEmail('otp-once');
    const sent = await s.send('POST', OTP.email, { email });
    const code = codeIn((await s.outbox(email))[0]!.text);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', OTP.authenticate, { code, method_id: sent.body.method_id }, { from: `127.0.3.${i + 1}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 401)).toBe(true);
  });
});
