import { expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { loopback } from '../helpers/account.js';
import { describeWithPostgres, twoInstances } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';

/**
 * An operator's deletion or revocation on one instance is refused at once by the other, which had
 * the sessions in memory (kernel/sessions/live-sessions.ts): the answer comes once every instance
 * has dropped them. Over real sockets on one PostgreSQL.
 */
const check = (server: ListeningServer, session: SessionResponse, from: string) =>
  server.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: session.session_token, from });

/** Two sessions of one new user, each checked twice on B, so that B answers them from memory. */
async function remembered(a: ListeningServer, b: ListeningServer, from: string): Promise<[SessionResponse, SessionResponse]> {
  const email = uniqueEmail('instances');
  const sessions: [SessionResponse, SessionResponse] = [await a.signInByLink(email, from), await a.signInByLink(email, from)];
  for (const session of sessions) {
    expect((await check(b, session, from)).status).toBe(200);
    expect((await check(b, session, from)).status).toBe(200);
  }
  return sessions;
}

describeWithPostgres("operators' changes across two instances on one PostgreSQL", (cluster) => {
  const servers = twoInstances(cluster);

  it('a user deleted on one instance: its sessions are refused on the other at once, every time', async () => {
    const { a, b } = servers;
    for (let round = 0; round < 20; round++) {
      const from = loopback();
      const sessions = await remembered(a, b, from);
      expect((await manage(a, 'DELETE', `/v1/users/${sessions[0].user_id}`)).status).toBe(200);
      for (const session of sessions) expect((await check(b, session, from)).body.error_type, `round ${round}`).toBe('session_not_found');
      expect((await manage(b, 'GET', `/v1/users/${sessions[0].user_id}`)).body.error_type).toBe('user_not_found');
    }
  });

  it('one session, or all of a user’s, revoked on one instance: refused on the other at once', async () => {
    const { a, b } = servers;
    for (let round = 0; round < 20; round++) {
      const from = loopback();
      const [first, second] = await remembered(a, b, from);
      expect((await manage(a, 'POST', '/v1/sessions/revoke', { session_id: first.session.session_id })).body.revoked).toBe(1);
      expect((await check(b, first, from)).body.error_type, `round ${round}`).toBe('session_not_found');
      expect((await check(b, second, from)).status).toBe(200);
      expect((await manage(b, 'POST', '/v1/sessions/revoke', { user_id: second.user_id })).body.revoked).toBe(1);
      expect((await check(a, second, from)).body.error_type, `round ${round}`).toBe('session_not_found');
    }
  });
});
