import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { SessionResponse, User } from '@vestibule/contract';
import { asPerson, lastCode } from '../helpers/account.js';
import { describeWithPostgres, twoInstances } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { approveApp, refreshApp, resetTokenIn, userinfo } from '../helpers/idp-app.js';
import type { ListeningServer } from '../helpers/listening.js';

/**
 * Issue 38, point 1, on two instances of one PostgreSQL: a reset answered by one instance has
 * ended the intruder's session and app tokens on the other by the time it answers, the session
 * included though the other served it from memory; and refreshes racing the reset on the other
 * instance (real parallel connections, where the grant's lock is what orders them) leave no token
 * that works.
 */
const NEW_PASSWORD = 'orbit Pickle 74 lantern quasar';

describeWithPostgres('a reset on one instance, the intruder on the other', (cluster) => {
  const servers = twoInstances(cluster);

  const check = (server: ListeningServer, session: string) => server.send('POST', '/sdk/v1/sessions/authenticate', {}, { session });
  const resetLinkFor = async (email: string, from: string) => {
    const { a } = servers;
    expect((await a.send('POST', '/sdk/v1/passwords/email/reset/start', { email }, { from })).status).toBe(200);
    return resetTokenIn((await a.outbox(email))[0]!.text);
  };

  it('refuses the session and the app tokens on the other instance once the reset has answered, every round', async () => {
    const { a, b } = servers;
    for (let round = 0; round < 5; round++) {
      const from = `127.0.3.${round + 1}`;
      const email = uniqueEmail('instances');
      const intruder = (await b.signInByLink(email, from)).session_token;
      const app = await approveApp(b, intruder);
      // Twice, so the second is answered from B's memory.
      expect((await check(b, intruder)).status).toBe(200);
      expect((await check(b, intruder)).status).toBe(200);
      const reset = await a.send('POST', '/sdk/v1/passwords/email/reset', { token: await resetLinkFor(email, from), password: NEW_PASSWORD }, { from });
      expect(reset.status).toBe(200);
      expect((await check(b, intruder)).body.error_type, `round ${round}`).toBe('session_not_found');
      expect((await userinfo(b, app.access)).status).toBe(401);
      expect((await refreshApp(b, app.refresh)).body.error).toBe('invalid_grant');
    }
  });

  it("an address and a number the intruder adds on the other instance while the reset runs do not outlive it (issue 28's second attack)", async () => {
    const { a, b } = servers;
    for (let round = 0; round < 10; round++) {
      const from = `127.0.5.${round + 1}`;
      const email = uniqueEmail('reset-add-race');
      const signed = await b.signInByLink(email, from);
      const intruder = { session: signed.session_token, from };
      const theirs = uniqueEmail('intruders-own');
      const phone = `+1650555${String(1000 + round).padStart(4, '0')}`;
      expect((await asPerson(b, intruder, 'emails/start', { email: theirs })).status).toBe(200);
      expect((await asPerson(b, intruder, 'phone_numbers/start', { phone_number: phone })).status).toBe(200);
      const codes = { email: await lastCode(b, theirs), phone: await lastCode(b, phone) };
      const token = await resetLinkFor(email, from);
      const [reset] = await Promise.all([
        a.send<SessionResponse>('POST', '/sdk/v1/passwords/email/reset', { token, password: NEW_PASSWORD }, { from }),
        sleep(round * 7).then(() => asPerson(b, intruder, 'emails/add', { email: theirs, code: codes.email })),
        sleep(round * 7).then(() => asPerson(b, intruder, 'phone_numbers/add', { phone_number: phone, code: codes.phone })),
      ]);
      expect(reset.status).toBe(200);
      const owner = await a.send<User>('GET', '/sdk/v1/users/me', undefined, { session: reset.body.session_token, from });
      expect(
        owner.body.emails.map((e) => e.email),
        `round ${round}`,
      ).toEqual([email]);
      expect(owner.body.phone_numbers, `round ${round}`).toEqual([]);
    }
  });

  it('refreshes on the other instance racing the reset: no token any of them returned works after it', async () => {
    const { a, b } = servers;
    for (let round = 0; round < 3; round++) {
      const from = `127.0.4.${round + 1}`;
      const email = uniqueEmail('race');
      const intruder = (await b.signInByLink(email, from)).session_token;
      const apps = await Promise.all(Array.from({ length: 8 }, () => approveApp(b, intruder)));
      const token = await resetLinkFor(email, from);
      const [reset, ...refreshes] = await Promise.all([
        a.send('POST', '/sdk/v1/passwords/email/reset', { token, password: NEW_PASSWORD }, { from }),
        ...apps.map((app) => refreshApp(b, app.refresh)),
      ]);
      expect(reset.status).toBe(200);
      // Each refresh either won its tokens or was refused: none died in a deadlock with the reset (a 500).
      expect(refreshes.map((answer) => answer.status).filter((status) => status !== 200 && status !== 400)).toEqual([]);
      const issued = refreshes
        .filter((answer) => answer.status === 200)
        .map((answer) => ({ access: answer.body.access_token as string, refresh: answer.body.refresh_token as string }));
      for (const app of [...apps, ...issued]) {
        expect((await userinfo(b, app.access)).status).toBe(401);
        expect((await refreshApp(b, app.refresh)).body.error).toBe('invalid_grant');
      }
    }
  });
});
