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
  // argon2 made slow on purpose (about 0.1 s a hash), so that whether it ran stands out from any
  // noise of a busy machine: the database work around it is a few milliseconds.
  s = await startListening({ argon2: { memoryCost: 19456, timeCost: 12, parallelism: 1 } });
});
afterAll(() => s.close());

const login = (email: string, from = '127.0.0.30') => s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'not the password 1' }, { from });

/**
 * The quickest time of each kind of login, the kinds taken in turn. A busy machine only ever adds
 * time, so the quickest of several tries is the work itself (a median flipped when other test
 * files loaded both cores); a login that skipped argon2 would still be quicker by the whole hash.
 */
async function quickest(kinds: Array<() => Promise<unknown>>, rounds = 7): Promise<number[]> {
  const took: number[][] = kinds.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, run] of kinds.entries()) {
      const start = performance.now();
      await run();
      took[i]!.push(performance.now() - start);
    }
  }
  return took.map((times) => Math.min(...times));
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
    const [real, none, unknown] = await quickest([
      () => login(withPassword, '127.0.0.31'),
      () => login(passwordless, '127.0.0.32'),
      () => login(uniqueEmail('nobody'), '127.0.0.33'),
    ]);
    expect(none).toBeGreaterThan(real! * 0.6);
    expect(unknown).toBeGreaterThan(real! * 0.6);
  });

  it('locks an unknown email as it locks a real one', async () => {
    const nobody = uniqueEmail('nobody-locked');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await login(nobody, '127.0.0.34')).status);
    expect(answers).toEqual([...Array(9).fill(401), 429]);
    expect((await login(nobody, '127.0.0.34')).body.error_type).toBe('user_lock_limit_reached');
  });
});
