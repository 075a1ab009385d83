import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { expectError } from '../helpers/account.js';
import { describeWithPostgres, twoInstances } from '../helpers/describe-with-postgres.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { pkcePair } from '../helpers/pkce.js';
import { together } from '../helpers/together.js';

/**
 * Clients made through the management API on two instances of one PostgreSQL: what one instance
 * changes or deletes holds on the other from its answer on (no instance keeps a client in memory),
 * and refreshes racing a deletion on the other instance leave no token that works.
 */
const CALLBACK = 'https://app.example/callback';

/** A public client (offline_access) made through `server`. */
async function publicClient(server: ListeningServer): Promise<string> {
  const clientId = `instances-${randomUUID()}`;
  const made = await manage(server, 'POST', '/v1/idp_clients', {
    client_id: clientId,
    client_name: 'App',
    client_type: 'public',
    redirect_uris: [CALLBACK],
    allowed_scopes: ['openid', 'offline_access'],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return clientId;
}

/** What a session approves for the client on `server`, exchanged there: its access and refresh tokens. */
async function approve(server: ListeningServer, session: string, clientId: string): Promise<{ access: string; refresh: string }> {
  const { verifier, challenge } = pkcePair();
  const request = { client_id: clientId, redirect_uri: CALLBACK, scope: 'openid offline_access', code_challenge: challenge, code_challenge_method: 'S256' };
  const submit = await server.send('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  const code = new URL(submit.body.redirect_uri).searchParams.get('code')!;
  const form = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: verifier, client_id: clientId };
  const tokens = await server.send('POST', '/oauth2/token', undefined, { token: null, form });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  return { access: tokens.body.access_token, refresh: tokens.body.refresh_token };
}

const refresh = (server: ListeningServer, clientId: string, token: string, bodyAfter?: Promise<unknown>) =>
  server.send('POST', '/oauth2/token', undefined, { token: null, form: { grant_type: 'refresh_token', refresh_token: token, client_id: clientId }, bodyAfter });

const userinfoStatus = async (server: ListeningServer, access: string) =>
  (await server.send('GET', '/oauth2/userinfo', undefined, { token: null, headers: { Authorization: `Bearer ${access}` } })).status;

describeWithPostgres('clients of the management API on two instances', (cluster) => {
  const servers = twoInstances(cluster);

  it('a client made on one is served by the other; a change made on the other holds on the first at once', async () => {
    const { a, b } = servers;
    const clientId = await publicClient(a);
    const session = (await b.signInByLink(uniqueEmail('instances'))).session_token;
    const start = (redirectUri: string) =>
      a.send('POST', '/sdk/v1/oauth2/authorize/start', { client_id: clientId, redirect_uri: redirectUri, code_challenge: pkcePair().challenge }, { session });
    expect((await approve(b, session, clientId)).access).toEqual(expect.any(String));
    expect((await start(CALLBACK)).status).toBe(200);
    expect((await manage(b, 'PATCH', `/v1/idp_clients/${clientId}`, { redirect_uris: ['https://app.example/v2'] })).status).toBe(200);
    expectError(await start(CALLBACK), 400, 'idp_redirect_uri_not_registered');
    expect((await start('https://app.example/v2')).status).toBe(200);
    expect((await manage(a, 'GET', `/v1/idp_clients/${clientId}`)).body.client.redirect_uris).toEqual(['https://app.example/v2']);
  });

  it('deleted on one instance while the other refreshes its tokens: no token any of them returned works after, on either', async () => {
    const { a, b } = servers;
    for (let round = 0; round < 8; round++) {
      const clientId = await publicClient(a);
      const session = (await a.signInByLink(uniqueEmail('instances-delete'))).session_token;
      const apps = await Promise.all(Array.from({ length: 8 }, () => approve(a, session, clientId)));
      // The refreshes reach A together (helpers/together.ts: bodies released after 100 ms), the
      // deletion B a little later each round, so that it lands at each point of their work.
      const [deleted, refreshes] = await Promise.all([
        sleep(100 + round * 4).then(() => manage(b, 'DELETE', `/v1/idp_clients/${clientId}`)),
        together(apps.length, (n, bodyAfter) => refresh(a, clientId, apps[n]!.refresh, bodyAfter)),
      ]);
      expect(deleted.status).toBe(200);
      // Each refresh won its tokens, or was refused (its grant revoked, or its client gone): none died (a 500).
      expect(refreshes.map((answer) => answer.status).filter((status) => status !== 200 && status !== 400 && status !== 401)).toEqual([]);
      const issued = refreshes
        .filter((answer) => answer.status === 200)
        .map((answer) => ({ access: answer.body.access_token as string, refresh: answer.body.refresh_token as string }));
      const tokens = [...apps, ...issued];
      const statuses = await Promise.all(tokens.flatMap((app) => [userinfoStatus(a, app.access), userinfoStatus(b, app.access)]));
      expect(new Set(statuses), `round ${round}`).toEqual(new Set([401]));
      // Made again with the same id: every refresh token of the old one is revoked, not merely without its client.
      await manage(a, 'POST', '/v1/idp_clients', {
        client_id: clientId,
        client_name: 'Again',
        client_type: 'public',
        redirect_uris: [CALLBACK],
        allowed_scopes: ['openid', 'offline_access'],
      });
      const errors = await Promise.all(tokens.map(async (app) => (await refresh(b, clientId, app.refresh)).body.error));
      expect(new Set(errors), `round ${round}`).toEqual(new Set(['invalid_grant']));
    }
    // Rounds of real parallel work on two instances: slow on a busy machine.
  }, 90_000);
});
