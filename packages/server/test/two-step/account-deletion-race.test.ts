import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loopback } from '../helpers/account.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { together } from '../helpers/together.js';
import { heldSignIns, nextCode, tally, walletPersonWithApp, withAppCode, withRecoveryCode } from './helpers.js';

/**
 * Two-step verification while the account is deleted, on PostgreSQL (real parallel transactions;
 * on the embedded database one request's statements never give way to another's): a key or a
 * session written after the deletion would be for a user who is gone, which the database refuses
 * (a 500), and a step that locked its rows in another order than the deletion deadlocked with it.
 * Each is written under the user's lock, so it is made before the deletion or refused after it.
 */
describeWithPostgres('two-step verification while the account is deleted, on PostgreSQL', (cluster) => {
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

  it('25 rounds of second steps (the right code twice, two recovery codes) racing the deletion, which comes a little later each round: the deletion goes through every time', async () => {
    const deletions: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      const person = await walletPersonWithApp(pg);
      const held = await heldSignIns([pg], person.wallet, 4);
      const code = nextCode(person.secret);
      const [deleted] = await together(5, (n, gate) => {
        // A wallet's account has no address to type: its deletion is confirmed with the word DELETE.
        if (n === 0)
          return pg.send(
            'POST',
            '/sdk/v1/account/delete',
            { confirmation: 'DELETE' },
            { session: person.session, from: person.from, bodyAfter: gate.then(() => sleep(round)) },
          );
        const { token, from } = held[n - 1]!;
        return n % 2 ? withAppCode(pg, token, code, from, gate) : withRecoveryCode(pg, token, person.recoveryCodes[n]!, from, gate);
      });
      deletions.push(deleted!.status === 200 ? '200' : `${deleted!.status} ${deleted!.body.error_type}`);
    }
    expect(deletions.filter((answer) => answer !== '200')).toEqual([]);
  });
});
