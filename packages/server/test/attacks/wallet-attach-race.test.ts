import type { SessionResponse, User } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWallet, walletUser } from '../../src/features/crypto/wallets-store.js';
import { asPerson, loopback, type Person, signedIn } from '../helpers/account.js';
import { type Harness, testClock, uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { sharedHarness } from '../helpers/shared-stack.js';
import { TEST_SECRET } from '../helpers/test-config.js';
import { ethereumWallet, walletProof } from '../helpers/wallets.js';

/**
 * Found by an outside attack: POST /sdk/v1/crypto_wallets/authenticate with a Bearer session
 * checked the recent sign-in only when the wallet was unknown as the call began, then, after the
 * signature's check, linked the wallet to the session's user if it was unknown by then. An
 * attacker holding a stale stolen session of the victim signed in with a wallet of their own,
 * with the victim's Bearer, and removed that wallet from their own account a few milliseconds
 * later: the wallet joined the victim, and signed in as the victim from then on. Now whether the
 * wallet is unknown is decided where it is written, under the account rules (kernel addWayIn): a
 * stale session adds nothing (403 reauthentication_required). The attack itself runs on a real
 * PostgreSQL: the embedded database answers within the turn of the event loop that asked, so there
 * two requests' queries never interleave; on PostgreSQL it won the race within a few tries.
 */
const AUTHENTICATE = '/sdk/v1/crypto_wallets/authenticate';
const LINK = '/sdk/v1/account/crypto_wallets/link';

/** Lets the event loop (the server's, in this process) turn `n` times. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('a wallet that vanishes between the proof and its write', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await sharedHarness();
  });

  it('joins no stale session: walletUser with the wallet absent and a stale session is reauthentication_required and writes nothing', async () => {
    const victim = await h.signIn(uniqueEmail('stale-attach'));
    const later = new Date(h.clock().getTime() + (h.config.project.reauthenticationMinutes + 1) * 60_000);
    const wallet = ethereumWallet();
    const attachTo = { userId: victim.user_id, sessionId: victim.session.session_id, now: later, recentMinutes: h.config.project.reauthenticationMinutes };
    await expect(walletUser(h.server.db, { type: 'ethereum', address: wallet.address, now: later, attachTo })).rejects.toMatchObject({
      errorType: 'reauthentication_required',
    });
    expect(await findWallet(h.server.db, 'ethereum', wallet.address)).toBeUndefined();

    // While the sign-in is recent, the same call links it: the refusal above was the session's age.
    const now = h.clock();
    const joined = await walletUser(h.server.db, { type: 'ethereum', address: wallet.address, now, attachTo: { ...attachTo, now } });
    expect(joined).toMatchObject({ attached: true, wallet: { user_id: victim.user_id } });
  });
});

describeWithPostgres(
  "the attack over real sockets: the attacker's own wallet, signed with the victim's stale session while removed from the attacker's account",
  (cluster) => {
    const clock = testClock();
    let s: ListeningServer;
    let victim: Person;
    let attacker: Person;
    beforeAll(async () => {
      s = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET }, {}, undefined, clock);
      victim = await signedIn(s, 'race-victim');
      // The stolen session is stale: its sign-in is older than reauthenticationMinutes.
      clock.advanceMinutes(s.config.project.reauthenticationMinutes + 1);
      attacker = await signedIn(s, 'race-attacker');
    });
    afterAll(() => s.close());

    it('20 tries of 5 sign-ins, the removal a few event-loop turns among them each time: the wallet never joins the victim', async () => {
      const wallet = ethereumWallet();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        // Each call from an address of its own: the per-client limit of signature checks is not what this tests.
        const proof = await walletProof(s, wallet, { from: loopback() });
        const linked = await s.send<User>('POST', LINK, proof, { session: attacker.session, from: loopback() });
        expect(linked.status, `try ${attempt}: ${JSON.stringify(linked.body)}`).toBe(200);
        const walletId = linked.body.crypto_wallets[0]!.crypto_wallet_id;
        const proofs = await Promise.all(Array.from({ length: 5 }, () => walletProof(s, wallet, { from: loopback() })));
        const [removed, ...signedIns] = await Promise.all([
          turns(attempt % 5).then(() => asPerson(s, attacker, 'crypto_wallets/remove', { crypto_wallet_id: walletId })),
          ...proofs.map((body, i) => turns(i * 3).then(() => s.send('POST', AUTHENTICATE, body, { session: victim.session, from: loopback() }))),
        ]);
        expect(removed.status, JSON.stringify(removed.body)).toBe(200);
        // Each found the wallet still the attacker's where it was read (a sign-in as the attacker, in a session of
        // its own), or gone: then the victim's stale session adds nothing.
        for (const signedIn of signedIns) {
          const outcome = signedIn.status === 200 ? { user_id: signedIn.body.user_id } : { error_type: signedIn.body.error_type };
          expect([{ user_id: attacker.userId }, { error_type: 'reauthentication_required' }], `try ${attempt}`).toContainEqual(outcome);
        }
      }
      const seen = await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session: victim.session, from: victim.from });
      expect(seen.body.crypto_wallets).toEqual([]);
      // The wallet is nobody's: alone it makes a new user, never the victim.
      const alone = await s.send<SessionResponse>('POST', AUTHENTICATE, await walletProof(s, wallet, { from: loopback() }), { from: loopback() });
      expect(alone.status, JSON.stringify(alone.body)).toBe(200);
      expect([victim.userId, attacker.userId]).not.toContain(alone.body.user_id);
    });
  },
);
