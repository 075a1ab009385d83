import type { SessionResponse, User } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, loopback } from '../helpers/account.js';
import { describeWithPostgres } from '../helpers/describe-with-postgres.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { type ListeningServer, startListening } from '../helpers/listening.js';
import { registerPasskey } from '../helpers/passkey-ceremonies.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { SoftAuthenticator } from '../helpers/soft-authenticator.js';
import { ORIGIN, TEST_SECRET } from '../helpers/test-config.js';
import { ethereumWallet, walletProof, type WalletProof } from '../helpers/wallets.js';

/**
 * Found by an outside attack: anyone can sign up with a password for an address they do not own,
 * and the owner's first proof of the address removes that password and every way in attached
 * meanwhile (account pre-hijacking). The account page's email and phone routes refused to add a
 * way in beside such a planted password (400 unverified_email), but connecting a wallet (on the
 * page, or by signing in with it while signed in), a social account and a passkey did not; and as
 * they wrote without the user row's lock, a connection in flight when the owner's proof committed
 * could land after its wipe, keeping the planter in. Now each start refuses, and each write goes
 * through kernel addWayIn (the rules checked where it is written, the session read again), so after
 * the proof nothing the planter started lands. Over real sockets.
 */
const PLANTED = 'Attacker planted this 4 you!';
const LINK = '/sdk/v1/account/crypto_wallets/link';
const AUTHENTICATE = '/sdk/v1/crypto_wallets/authenticate';

/** The planter signs up with a password for `email`, which they do not own: a session of the account the owner will have. */
async function plant(s: ListeningServer, email: string, from: string): Promise<SessionResponse> {
  const planted = await s.send<SessionResponse>('POST', '/sdk/v1/passwords', { email, password: PLANTED }, { from });
  expect(planted.status, JSON.stringify(planted.body)).toBe(200);
  expect(planted.body.user.emails[0]!.verified).toBe(false);
  return planted.body;
}

/** The owner's magic link, sent before and used by `useLink`: their first proof of the address. */
async function ownersLink(s: ListeningServer, email: string, from: string) {
  expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from })).status).toBe(200);
  const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
  return () => s.send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token }, { from });
}

/** What the user has now, read with a session of theirs. */
const waysOf = async (s: ListeningServer, session: string) => {
  const me = await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  return { wallets: me.body.crypto_wallets, passkeys: me.body.webauthn_registrations, accounts: me.body.oauth_accounts };
};

/** A wallet nobody has signs in alone as a new, empty user: never as the owner. */
async function expectNobodys(s: ListeningServer, proof: WalletProof, ownerId: string) {
  const alone = await s.send<SessionResponse>('POST', AUTHENTICATE, proof, { from: loopback() });
  expect(alone.status, JSON.stringify(alone.body)).toBe(200);
  expect(alone.body.user_id).not.toBe(ownerId);
  expect(alone.body.user.emails).toEqual([]);
}

describe('a password planted on an address the planter does not own adds no way in', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await sharedListening();
  });

  it('connecting a wallet, a wallet joining through sign-in, the social account link start and the passkey registration start are 400 unverified_email; nothing is added', async () => {
    const from = loopback();
    const planted = await plant(s, uniqueEmail('planted-ways'), from);
    const session = planted.session_token;
    const linked = ethereumWallet();
    const joined = ethereumWallet();
    expectError(await s.send('POST', LINK, await walletProof(s, linked, { from }), { session, from }), 400, 'unverified_email');
    expectError(await s.send('POST', AUTHENTICATE, await walletProof(s, joined, { from }), { session, from }), 400, 'unverified_email');
    expectError(await s.send('POST', '/sdk/v1/account/oauth/start', { provider: 'github' }, { session, from }), 400, 'unverified_email');
    expectError(await s.send('POST', '/sdk/v1/webauthn/register/start', {}, { session, from }), 400, 'unverified_email');
    expect((await registerPasskey(s, new SoftAuthenticator(ORIGIN), { session, from })).body).toMatchObject({ error_type: 'unverified_email' });
    expect(await waysOf(s, session)).toEqual({ wallets: [], passkeys: [], accounts: [] });
    for (const wallet of [linked, joined]) await expectNobodys(s, await walletProof(s, wallet, { from }), planted.user_id);
  });

  it("after the owner's first proof, a wallet's proof the planter took before it connects nothing with the planter's session (session_not_found)", async () => {
    const email = uniqueEmail('planted-later');
    const from = loopback();
    const planted = await plant(s, email, from);
    const wallet = ethereumWallet();
    const proof = await walletProof(s, wallet, { from });
    const proven = await (await ownersLink(s, email, loopback()))();
    expect(proven.body.user_id).toBe(planted.user_id);
    expect(proven.body.user.password).toBeNull();

    expectError(await s.send('POST', LINK, proof, { session: planted.session_token, from }), 401, 'session_not_found');
    expect(await waysOf(s, proven.body.session_token)).toEqual({ wallets: [], passkeys: [], accounts: [] });
    await expectNobodys(s, await walletProof(s, wallet, { from }), planted.user_id);
  });
});

describeWithPostgres("the owner's first proof, with the planter's connections in flight (real parallel transactions)", (cluster) => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET });
  });
  afterAll(() => s.close());

  it('10 rounds of 8 wallet connections racing the proof: none lands after it, every wallet is nobody’s, the owner has none', async () => {
    for (let round = 0; round < 10; round += 1) {
      const email = uniqueEmail('planted-race');
      const from = loopback();
      const planted = await plant(s, email, from);
      const prove = await ownersLink(s, email, loopback());
      const wallets = Array.from({ length: 8 }, () => ethereumWallet());
      const proofs = await Promise.all(wallets.map((wallet) => walletProof(s, wallet, { from: loopback() })));
      const [proven, ...links] = await Promise.all([
        prove(),
        ...proofs.map((proof, i) => turns(i).then(() => s.send('POST', LINK, proof, { session: planted.session_token, from: loopback() }))),
      ]);
      expect(proven.status, JSON.stringify(proven.body)).toBe(200);
      for (const link of links) expect(['400 unverified_email', '401 session_not_found']).toContain(`${link.status} ${link.body.error_type}`);
      expect(await waysOf(s, proven.body.session_token)).toEqual({ wallets: [], passkeys: [], accounts: [] });
      for (const wallet of wallets) await expectNobodys(s, await walletProof(s, wallet, { from: loopback() }), planted.user_id);
    }
  });
});

/** Lets the event loop (the server's, in this process) turn `n` times. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}
