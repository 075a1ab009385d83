import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loopback } from '../helpers/account.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { together } from '../helpers/together.js';

/**
 * A sign-in that finishes while its user is deleted (the account page, on this or another
 * instance) has nobody to give the session to: it is refused in words, never a 500 for a session
 * row that names a missing user. On PostgreSQL, where the two transactions really interleave.
 */
describeWithPostgres('a sign-in racing the deletion of its account, on PostgreSQL', (cluster) => {
  let pg: ListeningServer;
  beforeAll(async () => {
    pg = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET });
  });
  afterAll(() => pg.close());

  it('25 rounds of a magic link used as the account is deleted, a little later each round: signed in or refused, never a 500', async () => {
    const answers: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      const email = uniqueEmail('deleted-sign-in');
      const from = loopback();
      const { session_token: session } = await pg.signInByLink(email, from);
      await pg.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from });
      const { token } = tokenFromLink((await pg.outbox(email))[0]!.text);
      const [deleted, signedIn] = await together(2, (n, gate) =>
        n === 0
          ? pg.send('POST', '/sdk/v1/account/delete', { confirmation: email }, { session, from, bodyAfter: gate })
          : pg.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from, bodyAfter: gate.then(() => sleep(round % 5)) }),
      );
      expect(deleted!.status).toBe(200);
      answers.push(signedIn!.status === 200 ? '200' : `${signedIn!.status} ${signedIn!.body.error_type}`);
    }
    expect(answers.filter((answer) => !['200', '401 unauthorized_credentials', '401 unable_to_auth_magic_link'].includes(answer))).toEqual([]);
  });
});
