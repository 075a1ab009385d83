import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * A change is made when its body has arrived, so the caller's credentials are checked then. The
 * management API checked them when the headers came, and a caller who held the body back for
 * minutes (Node waits 300 s for it) kept the power of a key revoked meanwhile, making a new key with
 * it (the second outside attack on the management API). The account page's session check came
 * after the body already, and must stay there. Over real sockets, each body sent only after the
 * credential has ended.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

/** A call whose headers go now and whose body goes once `meanwhile` has run. */
async function heldWhile(send: (bodyAfter: Promise<unknown>) => Promise<{ status: number; body: any }>, meanwhile: () => Promise<void>) {
  let release!: () => void;
  const answer = send(new Promise<void>((resolve) => (release = resolve)));
  await sleep(100); // the headers are in
  await meanwhile();
  release();
  return answer;
}

describe('a credential that ends while the body is on its way', () => {
  it('a management key revoked meanwhile makes no new key', async () => {
    const made = await manage(s, 'POST', '/v1/keys', { name: 'revoked while a call waits' });
    const { key } = made.body;
    const { key_id } = made.body.management_key;
    const name = `minted after revocation ${uniqueEmail('k')}`;
    const answer = await heldWhile(
      (bodyAfter) => manage(s, 'POST', '/v1/keys', { name }, { session: key, bodyAfter }),
      async () => {
        expect((await manage(s, 'DELETE', `/v1/keys/${key_id}`)).status).toBe(200);
      },
    );
    expect({ status: answer.status, error_type: answer.body.error_type }).toEqual({ status: 401, error_type: 'invalid_management_credentials' });
    const keys = await manage(s, 'GET', '/v1/keys');
    expect(keys.body.management_keys.map((listed: { name: string }) => listed.name)).not.toContain(name);
  });

  it('a session signed out meanwhile changes nothing on the account page', async () => {
    const person = await signedIn(s, 'held-body');
    const added = uniqueEmail('held-body-added');
    const answer = await heldWhile(
      (bodyAfter) => s.send('POST', '/sdk/v1/account/emails/start', { email: added }, { session: person.session, from: person.from, bodyAfter }),
      async () => {
        expect((await s.send('POST', '/sdk/v1/sessions/revoke', {}, { session: person.session, from: person.from })).status).toBe(200);
      },
    );
    expect({ status: answer.status, error_type: answer.body.error_type }).toEqual({ status: 401, error_type: 'session_not_found' });
    expect(await s.outbox(added)).toEqual([]);
  });
});
