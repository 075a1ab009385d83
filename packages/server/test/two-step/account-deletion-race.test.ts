import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loopback } from '../helpers/account.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { together } from '../helpers/together.js';
import { tally } from './helpers.js';

/**
 * Adding the app while the account is deleted, on PostgreSQL (real parallel transactions; on the
 * embedded database one request's statements never give way to another's): a key written after
 * the deletion would be for a user who is gone, which the database refuses (a 500). Each is
 * written under the user's lock, so it is made before the deletion or refused after it.
 */
describeWithPostgres('adding the app while the account is deleted, on PostgreSQL', (cluster) => {
  let pg: ListeningServer;
  beforeAll(async () => {
    pg = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET });
  });
  afterAll(() => pg.close());

  it('15 rounds of 4 new keys racing the deletion, a little later each round: each is made or session_not_found, never a 500', async () => {
    const answers = [];
    for (let round = 0; round < 15; round += 1) {
      const email = uniqueEmail('deleted-key');
      const { session_token: session } = await pg.signInByLink(email, loopback());
      const [deleted, ...created] = await together(5, (n, gate) =>
        n === 0
          ? pg.send('POST', '/sdk/v1/account/delete', { confirmation: email }, { session, from: loopback(), bodyAfter: gate })
          : pg.send('POST', '/sdk/v1/account/two_step/totp/create', {}, { session, from: loopback(), bodyAfter: gate.then(() => sleep(round * 2 + n)) }),
      );
      expect(deleted!.status, JSON.stringify(deleted!.body)).toBe(200);
      answers.push(...created);
    }
    expect(Object.keys(tally(answers)).filter((answer) => !['200', '401 session_not_found'].includes(answer))).toEqual([]);
  });
});
