import type { CryptoWalletsAuthenticateResponse, User } from '@vestibule/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWallet, linkWallet } from '../src/features/crypto/wallets-store.js';
import { loopback } from './helpers/account.js';
import { describeWithPostgres } from './helpers/describe-with-postgres.js';
import { uniqueEmail, type TestClock } from './helpers/harness.js';
import { clockedServer, type ListeningServer, startListening } from './helpers/listening.js';
import { signInByPasscode } from './helpers/otp.js';
import { sharedHarness } from './helpers/shared-stack.js';
import { TEST_SECRET } from './helpers/test-config.js';
import { ethereumWallet, signInWithWallet, solanaWallet, walletProof, type Wallet } from './helpers/wallets.js';

/**
 * The account page's wallets, over real sockets: Connect wallet (the sign-in message of
 * /sdk/v1/crypto_wallets/authenticate/start, signed, sent with the person's session) and Remove.
 * The server's clock moves only when a test moves it (how a sign-in gets old).
 */
let s: ListeningServer;
let clock: TestClock;
clockedServer((started) => ({ s, clock } = started));

const LINK = '/sdk/v1/account/crypto_wallets/link';
const REMOVE = '/sdk/v1/account/crypto_wallets/remove';

const me = async (session: string) => (await s.send<User>('GET', '/sdk/v1/users/me', undefined, { session })).body;
const newUser = (label: string) => signInByPasscode(s, uniqueEmail(label));
const link = async (session: string, wallet: Wallet) => s.send<User>('POST', LINK, await walletProof(s, wallet), { session });
const walletUser = async (wallet: Wallet) => (await signInWithWallet(s, wallet)).body as CryptoWalletsAuthenticateResponse;
const refusal = (type: string, status: number) => ({ status, body: expect.objectContaining({ error_type: type, status_code: status }) });

describe('connecting a wallet', () => {
  it.each([
    ['ethereum', () => ethereumWallet()],
    ['solana', () => solanaWallet()],
  ] as const)(
    'connects a wallet (%s) to a passcode user: the User lists it, and it signs in as that user; connecting it again is no error',
    async (type, makeWallet) => {
      const user = await newUser(`link-${type}`);
      const wallet = makeWallet();
      const linked = await link(user.session_token, wallet);
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      expect(linked.body.user_id).toBe(user.user_id);
      const listed = [
        { crypto_wallet_id: expect.stringMatching(/^crypto-wallet-/), crypto_wallet_address: wallet.address, crypto_wallet_type: type, verified: true },
      ];
      expect(linked.body.crypto_wallets).toEqual(listed);
      expect((await me(user.session_token)).crypto_wallets).toEqual(listed);
      expect((await walletUser(wallet)).user_id).toBe(user.user_id);

      const again = await link(user.session_token, wallet);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.crypto_wallets).toEqual(linked.body.crypto_wallets);
    },
  );

  it("a wallet of another user is refused (crypto_wallet_already_linked) and stays that user's", async () => {
    const wallet = ethereumWallet();
    const owner = await walletUser(wallet);
    const user = await newUser('taken-wallet');
    expect(await link(user.session_token, wallet)).toMatchObject(refusal('crypto_wallet_already_linked', 400));
    expect((await me(user.session_token)).crypto_wallets).toEqual([]);
    expect((await walletUser(wallet)).user_id).toBe(owner.user_id);
  });

  it("the proof is sign-in's: another key's signature is invalid_crypto_signature and leaves the message usable; a used one is crypto_challenge_not_found", async () => {
    const user = await newUser('link-proof');
    const wallet = ethereumWallet();
    const proof = await walletProof(s, wallet);
    const forged = { ...proof, signature: await ethereumWallet().sign('anything') };
    expect(await s.send('POST', LINK, forged, { session: user.session_token })).toMatchObject(refusal('invalid_crypto_signature', 401));
    expect((await s.send('POST', LINK, proof, { session: user.session_token })).status).toBe(200);
    expect(await s.send('POST', LINK, proof, { session: user.session_token })).toMatchObject(refusal('crypto_challenge_not_found', 401));
    expect(await s.send('POST', LINK, await walletProof(s, wallet))).toMatchObject(refusal('user_unauthenticated', 401));
  });
});

describe('removing a wallet', () => {
  it("removes one of the user's wallets, which then signs in as no one of theirs; another user's wallet id, or a removed one, is crypto_wallet_not_found", async () => {
    const user = await newUser('remove-wallet');
    const wallet = ethereumWallet();
    const walletId = (await link(user.session_token, wallet)).body.crypto_wallets[0]!.crypto_wallet_id;
    const other = await walletUser(ethereumWallet());
    expect(await s.send('POST', REMOVE, { crypto_wallet_id: other.crypto_wallet_id }, { session: user.session_token })).toMatchObject(
      refusal('crypto_wallet_not_found', 404),
    );
    expect((await me(other.session_token)).crypto_wallets).toHaveLength(1);

    const removed = await s.send<User>('POST', REMOVE, { crypto_wallet_id: walletId }, { session: user.session_token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.crypto_wallets).toEqual([]);
    expect(await s.send('POST', REMOVE, { crypto_wallet_id: walletId }, { session: user.session_token })).toMatchObject(
      refusal('crypto_wallet_not_found', 404),
    );
    expect((await walletUser(wallet)).user_id).not.toBe(user.user_id);
  });

  it("a wallet user's only wallet is its last way in (last_way_in); once another is connected, either may go", async () => {
    const first = ethereumWallet();
    const user = await walletUser(first);
    const only = { crypto_wallet_id: user.crypto_wallet_id };
    expect(await s.send('POST', REMOVE, only, { session: user.session_token })).toMatchObject(refusal('last_way_in', 400));
    expect((await walletUser(first)).user_id).toBe(user.user_id);

    expect((await link(user.session_token, solanaWallet())).status).toBe(200);
    const removed = await s.send<User>('POST', REMOVE, only, { session: user.session_token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.crypto_wallets.map((w) => w.crypto_wallet_type)).toEqual(['solana']);
  });
});

describe('a recent sign-in', () => {
  it('Connect wallet and Remove need one (reauthentication_required), checked before the message is used; a passcode with the same session confirms it is them', async () => {
    const user = await newUser('wallet-reauth');
    const kept = ethereumWallet();
    const keptId = (await link(user.session_token, kept)).body.crypto_wallets[0]!.crypto_wallet_id;
    clock.advanceMinutes(11);
    const wallet = ethereumWallet();
    const proof = await walletProof(s, wallet);
    expect(await s.send('POST', LINK, proof, { session: user.session_token })).toMatchObject(refusal('reauthentication_required', 403));
    expect(await s.send('POST', REMOVE, { crypto_wallet_id: keptId }, { session: user.session_token })).toMatchObject(
      refusal('reauthentication_required', 403),
    );

    await signInByPasscode(s, user.user.emails[0]!.email, { session: user.session_token });
    const linked = await s.send<User>('POST', LINK, proof, { session: user.session_token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.crypto_wallets.map((w) => w.crypto_wallet_address)).toEqual([kept.address, wallet.address]);
    expect((await s.send('POST', REMOVE, { crypto_wallet_id: keptId }, { session: user.session_token })).status).toBe(200);
  });

  it('signing in with a new wallet while signed in joins it to the user only after a recent sign-in: an old session is refused, the message still works after a passcode', async () => {
    const user = await newUser('wallet-join-reauth');
    clock.advanceMinutes(11);
    const wallet = ethereumWallet();
    const proof = await walletProof(s, wallet);
    const AUTHENTICATE = '/sdk/v1/crypto_wallets/authenticate';
    expect(await s.send('POST', AUTHENTICATE, proof, { session: user.session_token })).toMatchObject(refusal('reauthentication_required', 403));
    expect((await me(user.session_token)).crypto_wallets).toEqual([]);

    await signInByPasscode(s, user.user.emails[0]!.email, { session: user.session_token });
    const joined = await s.send<CryptoWalletsAuthenticateResponse>('POST', AUTHENTICATE, proof, { session: user.session_token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.user_id).toBe(user.user_id);
    // A wallet the user already has signs in with an old session as before: nothing is added.
    clock.advanceMinutes(11);
    expect((await signInWithWallet(s, wallet, { session: user.session_token })).status).toBe(200);
  });
});

describe('connecting a wallet while the account is deleted', () => {
  it('a connection written after the deletion is session_not_found (not a 500 on the missing user) and adds nothing', async () => {
    const h = await sharedHarness();
    const email = uniqueEmail('deleted-link');
    const user = await h.signIn(email);
    expect((await h.json('POST', '/sdk/v1/account/delete', { confirmation: email }, { session: user.session_token })).status).toBe(200);
    // The route's session check passed before the deletion; the write comes after it.
    const wallet = ethereumWallet();
    const addition = { userId: user.user_id, sessionId: user.session.session_id, now: h.clock(), recentMinutes: h.config.project.reauthenticationMinutes };
    await expect(linkWallet(h.server.db, addition, { type: 'ethereum', address: wallet.address })).rejects.toMatchObject({ errorType: 'session_not_found' });
    expect(await findWallet(h.server.db, 'ethereum', wallet.address)).toBeUndefined();
  });
});

describeWithPostgres('connecting a wallet while the account is deleted, on PostgreSQL (real parallel transactions)', (cluster) => {
  let pg: ListeningServer;
  beforeAll(async () => {
    pg = await startListening({ databaseUrl: await cluster().createDatabase(), secret: TEST_SECRET });
  });
  afterAll(() => pg.close());

  it('10 rounds of 4 connections racing the deletion: each is connected or session_not_found, never a 500', async () => {
    for (let round = 0; round < 10; round += 1) {
      const email = uniqueEmail('deleted-race');
      const user = await pg.signInByLink(email, loopback());
      const proofs = await Promise.all(Array.from({ length: 4 }, () => walletProof(pg, ethereumWallet(), { from: loopback() })));
      const [deleted, ...links] = await Promise.all([
        pg.send('POST', '/sdk/v1/account/delete', { confirmation: email }, { session: user.session_token, from: loopback() }),
        ...proofs.map((proof) => pg.send('POST', LINK, proof, { session: user.session_token, from: loopback() })),
      ]);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      for (const link of links) expect(['200', '401 session_not_found']).toContain(link.status === 200 ? '200' : `${link.status} ${link.body.error_type}`);
    }
  });
});
