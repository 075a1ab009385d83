import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import { approveApp, refreshApp, resetTokenIn, userinfo } from '../helpers/idp-app.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { TEST_SECRET } from '../helpers/test-config.js';

/**
 * Issue 38, point 1, on two instances of one PostgreSQL: a reset answered by one instance has
 * ended the intruder's session and app tokens on the other by the time it answers, the session
 * included though the other served it from memory; and refreshes racing the reset on the other
 * instance (real parallel connections, where the grant's lock is what orders them) leave no token
 * that works.
 */
const NEW_PASSWORD = 'orbit Pickle 74 lantern quasar';

describeWithPostgres('a reset on one instance, the intruder on the other', (cluster) => {
  let a: ListeningServer;
  let b: ListeningServer;
  beforeAll(async () => {
    const url = await cluster().createDatabase();
    a = await startListening({ databaseUrl: url, secret: TEST_SECRET });
    b = await startListening({ databaseUrl: url, secret: TEST_SECRET });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const check = (server: ListeningServer, session: string) => server.send('POST', '/sdk/v1/sessions/authenticate', {}, { session });
  const resetLinkFor = async (email: string, from: string) => {
    expect((await a.send('POST', '/sdk/v1/passwords/email/reset/start', { email }, { from })).status).toBe(200);
    return resetTokenIn((await a.outbox(email))[0]!.text);
  };

  it('refuses the session and the app tokens on the other instance once the reset has answered, every round', async () => {
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

  it('refreshes on the other instance racing the reset: no token any of them returned works after it', async () => {
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
