import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../helpers/test-config.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';

/**
 * Issue 39: a login flood (wrong passwords for many addresses, from many clients, so no per-client
 * limit bites) must not take the cores from everyone else. Password work waits in a bounded queue;
 * past it the flood is refused at once with 503 server_busy, never a 500 or a hang, and a refusal
 * does not count against the account as a wrong password. How fast session checks stay during a
 * flood is measured by `npm run bench:server` (bench/flood.ts), not here.
 */
const lifted = { limit: 1_000_000, windowSeconds: 600 };
let s: ListeningServer;
const logged: Array<{ message: string; details?: Record<string, unknown> }> = [];
beforeAll(async () => {
  const limits = testConfig().rateLimits;
  s = await startListening(
    {
      // argon2 slowed down (about 0.1 s a hash) so that guesses sent at once fill a queue of 4 behind one worker.
      argon2: { memoryCost: 19456, timeCost: 12, parallelism: 1 },
      hashConcurrency: 1,
      hashQueueLength: 4,
      rateLimits: { ...limits, passwordPerIp: lifted, passwordPerAccount: lifted },
    },
    {},
    { info() {}, warn: (message, details) => logged.push({ message, details }), error: (m, d) => console.error(m, d) },
  );
});
afterAll(() => s.close());

const guess = (email: string, from: string) => s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'Wrong password 123' }, { from });

describe('a login flood', () => {
  it('is refused past the queue with 503 server_busy and Retry-After; the rest are 401; never a 500', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(uniqueEmail('stuffed'), `127.0.1.${i + 1}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    // One at work and four waiting at any moment: most of 40 at once cannot be served.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(5);
    for (const answer of busy) {
      expect(answer.body).toMatchObject({ error_type: 'server_busy', error_message: 'The server is busy. Please try again in a moment.' });
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Counted and logged, once for the burst, not once per refusal.
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ refused_since_last_report: 1, queue_length: 4 });
  });

  it("a refusal is not a wrong password: the owner's account is not locked by a flood aimed at it", async () => {
    const email = uniqueEmail('owner');
    await s.send('POST', '/sdk/v1/passwords', { email, password: 'The owner passphrase 42' });
    // Thirty guesses at once from one client: a few are tried, the rest refused as busy. Were the
    // refusals counted as wrong passwords, ten would have locked this client out of the account.
    const answers = await Promise.all(Array.from({ length: 30 }, () => guess(email, '127.0.2.1')));
    const tried = answers.filter((answer) => answer.status === 401).length;
    expect(tried).toBeLessThan(10);
    // The rest are refused as busy, or, on a slow machine, while ten others are in flight (each
    // reserved against the lock before it is checked); either way they are given back.
    const refused = answers.filter((answer) => answer.status !== 401).map((answer) => (answer.body as { error_type?: string }).error_type);
    expect(
      refused.every((type) => type === 'server_busy' || type === 'user_lock_limit_reached'),
      JSON.stringify(refused),
    ).toBe(true);
    const owner = await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password: 'The owner passphrase 42' }, { from: '127.0.2.1' });
    expect(owner.status).toBe(200);
  });
});
