import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';

/**
 * Finding 5: a passwordless account answered a password login in 9 ms with no_user_password, an
 * account with a password in 30 ms, and only real accounts locked. Now unknown, passwordless and
 * wrong-password logins get the same answer after the same argon2 work, and all of them lock.
 */
const PASSWORD = 'Timing tells 0 nothing here';
let s: ListeningServer;
beforeAll(async () => {
  s = await startListening();
});
afterAll(() => s.close());

const login = (email: string, from = '127.0.0.30') => s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'not the password 1' }, { from });

async function median(run: () => Promise<unknown>, times = 7): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

describe('account existence', () => {
  let withPassword = '';
  let passwordless = '';
  beforeAll(async () => {
    withPassword = uniqueEmail('has-pw');
    await s.send('POST', '/sdk/v1/passwords', { email: withPassword, password: PASSWORD });
    passwordless = uniqueEmail('no-pw');
    await s.signInByLink(passwordless);
  });

  it('answers an unknown email, a passwordless account and a wrong password alike', async () => {
    const answers = await Promise.all([uniqueEmail('nobody'), passwordless, withPassword].map((email) => login(email)));
    const shapes = answers.map((a) => ({ status: a.status, error_type: a.body.error_type, error_message: a.body.error_message }));
    expect(shapes).toEqual(Array(3).fill({ status: 401, error_type: 'unauthorized_credentials', error_message: 'Unauthorized credentials.' }));
  });

  it('takes comparable time for each (a dummy argon2 verification where there is no hash)', async () => {
    // Each email its own address, so no lock interferes; argon2 (about 20 ms) dominates every answer.
    const real = await median(() => login(withPassword, '127.0.0.31'));
    const none = await median(() => login(passwordless, '127.0.0.32'));
    const unknown = await median(() => login(uniqueEmail('nobody'), '127.0.0.33'));
    expect(none).toBeGreaterThan(real * 0.5);
    expect(unknown).toBeGreaterThan(real * 0.5);
  });

  it('locks an unknown email as it locks a real one', async () => {
    const nobody = uniqueEmail('nobody-locked');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await login(nobody, '127.0.0.34')).status);
    expect(answers).toEqual([...Array(9).fill(401), 429]);
    expect((await login(nobody, '127.0.0.34')).body.error_type).toBe('user_lock_limit_reached');
  });
});
