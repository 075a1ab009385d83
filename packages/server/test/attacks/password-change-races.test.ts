import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { account, loopback } from '../helpers/account.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { resetTokenIn } from '../helpers/idp-app.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 28, second outside attack: the account page's password change, given the current password,
 * hashed the new one and then wrote it whatever had happened meanwhile. A change in flight while the
 * owner's first proof removed a planted password, or while the owner reset it, wrote its password
 * onto the owner's account after them. Now the write happens under the user's lock with the session
 * read again and the checked password still the stored one. Over real sockets, several timings.
 */
const PLANTED = 'Planted by someone 4 you!';
const THEIRS = 'Intruder chose this one 77';
const OWNERS = 'orbit Pickle 74 lantern quasar';

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const signsIn = async (email: string, password: string) =>
  (await s.send('POST', '/sdk/v1/passwords/authenticate', { email, password }, { from: loopback() })).status === 200;
const change = (session: string, from: string, current: string, password: string) =>
  s.send('POST', account('password'), { current_password: current, password }, { session, from });

describe('a password change in flight', () => {
  it("does not outlive the owner's first proof of the address a password was planted on", async () => {
    for (const delay of [0, 5, 10, 20, 40]) {
      const email = uniqueEmail(`planted-change-${delay}`);
      const from = loopback();
      const planted = await s.send<SessionResponse>('POST', '/sdk/v1/passwords', { email, password: PLANTED }, { from });
      expect(planted.status).toBe(200);
      expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email })).status).toBe(200);
      const link = tokenFromLink((await s.outbox(email))[0]!.text).token;
      await Promise.all([
        change(planted.body.session_token, from, PLANTED, THEIRS),
        sleep(delay).then(() => s.send('POST', '/sdk/v1/magic_links/authenticate', { token: link }, { from: loopback() })),
      ]);
      expect(await signsIn(email, THEIRS), `planted change at +${delay} ms`).toBe(false);
      expect(await signsIn(email, PLANTED)).toBe(false);
    }
  });

  it("does not outlive the owner's reset: the intruder's password never replaces the owner's new one", async () => {
    for (const delay of [0, 5, 10, 20, 40]) {
      const email = uniqueEmail(`reset-change-${delay}`);
      const owner = await s.signInByLink(email, loopback());
      const ownerFrom = loopback();
      expect((await s.send('POST', account('password'), { password: PLANTED }, { session: owner.session_token, from: ownerFrom })).status).toBe(200);
      const intruderFrom = loopback();
      const intruder = await s.send<SessionResponse>('POST', '/sdk/v1/passwords/authenticate', { email, password: PLANTED }, { from: intruderFrom });
      expect(intruder.status).toBe(200);
      expect((await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email })).status).toBe(200);
      const token = resetTokenIn((await s.outbox(email))[0]!.text);
      await Promise.all([
        s.send('POST', '/sdk/v1/passwords/email/reset', { token, password: OWNERS }, { from: ownerFrom }),
        sleep(delay).then(() => change(intruder.body.session_token, intruderFrom, PLANTED, THEIRS)),
      ]);
      expect(await signsIn(email, THEIRS), `intruder's change at +${delay} ms`).toBe(false);
      expect(await signsIn(email, OWNERS)).toBe(true);
    }
  });
});
