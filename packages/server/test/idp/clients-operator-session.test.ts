import { describe, expect, it } from 'vitest';
import { expectError } from '../helpers/account.js';
import { type TestClock, uniqueEmail } from '../helpers/harness.js';
import { clockedServer, type ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';

/**
 * The console's way in to the clients: an operator's session. Reading needs only the session;
 * making, changing and deleting a client (which hands out or ends secrets and tokens) need a recent
 * sign-in, as the account page's changes do.
 */
describe("clients through an operator's session", () => {
  const OPERATOR = uniqueEmail('clients-operator');
  let s: ListeningServer;
  let clock: TestClock;
  clockedServer((started) => ({ s, clock } = started), { project: { adminEmails: [OPERATOR], reauthenticationMinutes: 1 } as never });

  const client = { client_name: 'Console-made', client_type: 'confidential', redirect_uris: ['https://app.example/cb'] };

  it('changes with a recent sign-in; with an older one every change is 403 reauthentication_required, and reads go on', async () => {
    const session = (await s.signInByLink(OPERATOR)).session_token;
    const made = await manage(s, 'POST', '/v1/idp_clients', client, { session });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.client.client_id;
    expect((await manage(s, 'PATCH', `/v1/idp_clients/${id}`, { client_name: 'Renamed' }, { session })).status).toBe(200);

    clock.advanceMinutes(2);
    expectError(await manage(s, 'POST', '/v1/idp_clients', client, { session }), 403, 'reauthentication_required');
    expectError(await manage(s, 'PATCH', `/v1/idp_clients/${id}`, { rotate_secret: true }, { session }), 403, 'reauthentication_required');
    expectError(await manage(s, 'DELETE', `/v1/idp_clients/${id}`, undefined, { session }), 403, 'reauthentication_required');
    const read = await manage(s, 'GET', `/v1/idp_clients/${id}`, undefined, { session });
    expect(read.body.client).toMatchObject({ client_name: 'Renamed' });
    expect((await manage(s, 'GET', '/v1/idp_clients', undefined, { session })).status).toBe(200);

    // The key is its holder's proof every time.
    expect((await manage(s, 'DELETE', `/v1/idp_clients/${id}`)).status).toBe(200);
  });
});
