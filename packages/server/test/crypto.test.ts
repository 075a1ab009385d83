import { base58 } from '@scure/base';
import { getAddress } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { pkcePair } from './helpers/pkce.js';
import { ORIGIN } from './helpers/test-config.js';
import { sharedHarness } from './helpers/shared-stack.js';
import { ethereumWallet, solanaWallet, type Wallet } from './helpers/wallets.js';

/** Wallet sign-in with real keys: viem's accounts for Ethereum, noble's ed25519 for Solana. */
let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const START = '/sdk/v1/crypto_wallets/authenticate/start';
const AUTHENTICATE = '/sdk/v1/crypto_wallets/authenticate';

/** The browser these tests play: one PKCE pair for all its starts, as a page keeps one per start. */
const BROWSER = pkcePair();

const start = (wallet: Pick<Wallet, 'type' | 'address'>, options: { origin?: string; session?: string } = {}, extra: Record<string, unknown> = {}) =>
  h.json('POST', START, { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type, code_challenge: BROWSER.challenge, ...extra }, options);

const authenticate = (wallet: Pick<Wallet, 'type' | 'address'>, signature: string, options: { session?: string } = {}, extra: Record<string, unknown> = {}) =>
  h.json(
    'POST',
    AUTHENTICATE,
    { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type, signature, code_verifier: BROWSER.verifier, ...extra },
    options,
  );

async function challengeFor(
  wallet: Pick<Wallet, 'type' | 'address'>,
  options: { origin?: string; session?: string } = {},
  extra: Record<string, unknown> = {},
): Promise<string> {
  const started = await start(wallet, options, extra);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.challenge;
}

/** Start, sign, authenticate: the answer of the authenticate call. */
async function signInWith(wallet: Wallet, options: { session?: string } = {}) {
  const signature = await wallet.sign(await challengeFor(wallet, options));
  return authenticate(wallet, signature, options);
}

const refusal = (type: string, status: number) => ({ status, body: expect.objectContaining({ error_type: type, status_code: status }) });

describe.each([
  ['ethereum', () => ethereumWallet()],
  ['solana', () => solanaWallet()],
] as const)('%s wallets', (type, makeWallet) => {
  it('the first sign-in makes a user with the wallet; the next one signs in as that user', async () => {
    const wallet = makeWallet();
    const first = await signInWith(wallet);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const walletId = first.body.crypto_wallet_id;
    expect(walletId).toMatch(/^crypto-wallet-[0-9a-f-]{36}$/);
    expect(first.body).toMatchObject({ crypto_wallet_address: wallet.address, crypto_wallet_type: type });
    expect(first.body.user).toMatchObject({
      status: 'active',
      emails: [],
      crypto_wallets: [{ crypto_wallet_id: walletId, crypto_wallet_address: wallet.address, crypto_wallet_type: type, verified: true }],
    });
    expect(first.body.session.authentication_factors).toEqual([
      {
        type: 'crypto',
        delivery_method: 'crypto',
        last_authenticated_at: expect.any(String),
        crypto_wallet_factor: { crypto_wallet_id: walletId, crypto_wallet_address: wallet.address, crypto_wallet_type: type },
      },
    ]);

    const second = await signInWith(wallet);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.user_id).toBe(first.body.user_id);
    expect(second.body.session_token).not.toBe(first.body.session_token);
    expect(second.body.user.crypto_wallets).toHaveLength(1);
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session: second.body.session_token });
    expect(me.body.crypto_wallets.map((w: { crypto_wallet_address: string }) => w.crypto_wallet_address)).toEqual([wallet.address]);
    const rows = await h.server.db.selectFrom('crypto_wallets').selectAll().where('address', '=', wallet.address).execute();
    expect(rows).toHaveLength(1);
  });

  it('a signature by another key is invalid_crypto_signature, and the message still works for the right one', async () => {
    const wallet = makeWallet();
    const stranger = makeWallet();
    const message = await challengeFor(wallet);
    expect(await authenticate(wallet, await stranger.sign(message))).toMatchObject(refusal('invalid_crypto_signature', 401));
    // The wallet's own signature of another text is no better.
    expect(await authenticate(wallet, await wallet.sign(`${message}\n`))).toMatchObject(refusal('invalid_crypto_signature', 401));
    const signedIn = await authenticate(wallet, await wallet.sign(message));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  it('a used signature is refused the second time (crypto_challenge_not_found)', async () => {
    const wallet = makeWallet();
    const signature = await wallet.sign(await challengeFor(wallet));
    expect((await authenticate(wallet, signature)).status).toBe(200);
    expect(await authenticate(wallet, signature)).toMatchObject(refusal('crypto_challenge_not_found', 401));
  });

  it('the same signature 50 times at once: all verify, one spends the message and signs in', async () => {
    const wallet = makeWallet();
    const signature = await wallet.sign(await challengeFor(wallet));
    // In process the calls interleave at every await, so all of them read the live message before
    // any spends it: only the conditional UPDATE tells them apart.
    const answers = await Promise.all(Array.from({ length: 50 }, () => authenticate(wallet, signature)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(401)]);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error_type))).toEqual(new Set(['crypto_challenge_not_found']));
    const users = await h.server.db.selectFrom('crypto_wallets').select('user_id').where('address', '=', wallet.address).execute();
    expect(users).toHaveLength(1);
  });

  it('a message works for 10 minutes', async () => {
    const wallet = makeWallet();
    const signature = await wallet.sign(await challengeFor(wallet));
    h.clock.advanceMinutes(10);
    expect(await authenticate(wallet, signature)).toMatchObject(refusal('crypto_challenge_not_found', 401));
    const fresh = await wallet.sign(await challengeFor(wallet));
    h.clock.advanceMinutes(9);
    expect((await authenticate(wallet, fresh)).status).toBe(200);
  });

  it('authenticate without a start is crypto_challenge_not_found', async () => {
    const wallet = makeWallet();
    expect(await authenticate(wallet, await wallet.sign('anything at all'))).toMatchObject(refusal('crypto_challenge_not_found', 401));
  });

  it("a message works only with the verifier of its start's challenge: another browser's start neither replaces nor spends it", async () => {
    const wallet = makeWallet();
    const stranger = pkcePair();
    const message = await challengeFor(wallet);
    const strangers = await challengeFor(wallet, {}, { code_challenge: stranger.challenge });
    expect(strangers).not.toBe(message);
    const signature = await wallet.sign(message);
    // Sent with another verifier, the owner's signature meets the stranger's message (no match) or none; neither is spent.
    expect(await authenticate(wallet, signature, {}, { code_verifier: stranger.verifier })).toMatchObject(refusal('invalid_crypto_signature', 401));
    expect(await authenticate(wallet, signature, {}, { code_verifier: pkcePair().verifier })).toMatchObject(refusal('crypto_challenge_not_found', 401));
    expect((await authenticate(wallet, signature)).status).toBe(200);
  });

  it('a new start from the same browser replaces its message: the earlier one no longer signs in', async () => {
    const wallet = makeWallet();
    const first = await challengeFor(wallet);
    const second = await challengeFor(wallet);
    expect(second).not.toBe(first);
    expect(await authenticate(wallet, await wallet.sign(first))).toMatchObject(refusal('invalid_crypto_signature', 401));
    expect((await authenticate(wallet, await wallet.sign(second))).status).toBe(200);
  });

  it("a wallet's message is not another wallet's: signing the one of a wallet does not sign in as the other", async () => {
    const victim = makeWallet();
    const attacker = makeWallet();
    await challengeFor(victim);
    const attackerMessage = await challengeFor(attacker);
    expect(await authenticate(victim, await attacker.sign(attackerMessage))).toMatchObject(refusal('invalid_crypto_signature', 401));
  });

  it('signed in, a new wallet joins the session user; a wallet of someone else signs in as its owner in a session of its own', async () => {
    const signedIn = await h.signIn(uniqueEmail(`wallet-${type}`));
    const wallet = makeWallet();
    const added = await signInWith(wallet, { session: signedIn.session_token });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.user_id).toBe(signedIn.user_id);
    expect(added.body.session_token).toBe(signedIn.session_token);
    expect(added.body.session.authentication_factors.map((f: { type: string }) => f.type)).toEqual(['magic_link', 'crypto']);
    expect(added.body.user.emails).toHaveLength(1);
    expect(added.body.user.crypto_wallets.map((w: { crypto_wallet_address: string }) => w.crypto_wallet_address)).toEqual([wallet.address]);

    const other = await h.signIn(uniqueEmail(`other-${type}`));
    const asOwner = await signInWith(wallet, { session: other.session_token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.user_id).toBe(signedIn.user_id);
    expect(asOwner.body.session_token).not.toBe(other.session_token);
    const otherMe = await h.json('GET', '/sdk/v1/users/me', undefined, { session: other.session_token });
    expect(otherMe.body.crypto_wallets).toEqual([]);
  });
});

describe('Ethereum addresses and messages', () => {
  it('the message is Sign-In with Ethereum naming the page, the checksummed address, a nonce and its times', async () => {
    const wallet = ethereumWallet();
    const message = await challengeFor({ type: 'ethereum', address: wallet.address.toLowerCase() }, { origin: 'http://127.0.0.1:3000' });
    const parsed = parseSiweMessage(message);
    const now = h.clock();
    expect(parsed).toMatchObject({
      domain: '127.0.0.1:3000',
      address: wallet.address,
      statement: 'Sign in to Vestibule Demo.',
      uri: 'http://127.0.0.1:3000',
      version: '1',
      chainId: 1,
    });
    expect(parsed.nonce).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(parsed.issuedAt?.getTime()).toBe(now.getTime());
    expect(parsed.expirationTime?.getTime()).toBe(now.getTime() + 10 * 60_000);
    expect(message.startsWith('127.0.0.1:3000 wants you to sign in with your Ethereum account:\n')).toBe(true);
    // Without an Origin (a server's call) the message names the project's first allowed origin.
    expect(parseSiweMessage(await challengeFor(wallet))).toMatchObject({ domain: new URL(ORIGIN).host, uri: ORIGIN });
    // Each start has a nonce of its own.
    expect(parseSiweMessage(await challengeFor(wallet)).nonce).not.toBe(parsed.nonce);
  });

  it('the message names the chain the wallet is on; a chain the project does not allow is unsupported_crypto_chain, naming both', async () => {
    const wallet = ethereumWallet();
    expect(parseSiweMessage(await challengeFor(wallet, {}, { chain_id: 1 })).chainId).toBe(1);
    // A wallet that does not say: the first allowed chain (1 unless the project says otherwise).
    expect(parseSiweMessage(await challengeFor(wallet)).chainId).toBe(1);
    const polygon = await start(wallet, {}, { chain_id: 137 });
    expect(polygon).toMatchObject(refusal('unsupported_crypto_chain', 400));
    expect(polygon.body.error_message).toBe(
      'Your wallet is on Polygon (chain 137), which this site does not accept for signing in. Switch your wallet to Ethereum (chain 1) and try again.',
    );
    expect((await start(wallet, {}, { chain_id: 987654321987 })).body.error_message).toContain('Your wallet is on chain 987654321987,');
    for (const chain_id of [0, -1, 1.5, '1', null]) expect(await start(wallet, {}, { chain_id })).toMatchObject(refusal('bad_request', 400));
  });

  it('a Solana wallet names no chain: a chain_id with it is bad_request', async () => {
    expect(await start(solanaWallet(), {}, { chain_id: 1 })).toMatchObject(refusal('bad_request', 400));
  });

  it('a page that is not one of the allowed origins gets no message', async () => {
    const wallet = ethereumWallet();
    expect(await start(wallet, { origin: 'https://evil.example' })).toMatchObject(refusal('forbidden', 403));
    expect(await start(wallet, { origin: 'null' })).toMatchObject(refusal('forbidden', 403));
  });

  it('a lower-case (or upper-case) address is taken and answered checksummed', async () => {
    const wallet = ethereumWallet();
    const lower = { type: 'ethereum' as const, address: wallet.address.toLowerCase() };
    const signedIn = await authenticate(lower, await wallet.sign(await challengeFor(lower)));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.crypto_wallet_address).toBe(wallet.address);
    expect(signedIn.body.user.crypto_wallets[0].crypto_wallet_address).toBe(getAddress(wallet.address));
    // The same wallet in another case is the same wallet, the same user.
    const upper = { type: 'ethereum' as const, address: `0x${wallet.address.slice(2).toUpperCase()}` };
    const again = await authenticate(upper, await wallet.sign(await challengeFor(upper)));
    expect(again.body.user_id).toBe(signedIn.body.user_id);
  });

  it('a mixed-case address with a wrong checksum is invalid_crypto_wallet_address', async () => {
    const { address } = ethereumWallet();
    // Flip the case of one letter of the checksummed address.
    const index = [...address].findIndex((ch, i) => i > 1 && /[a-fA-F]/.test(ch));
    const flipped =
      address.slice(0, index) +
      (address[index] === address[index]!.toLowerCase() ? address[index]!.toUpperCase() : address[index]!.toLowerCase()) +
      address.slice(index + 1);
    expect(await start({ type: 'ethereum', address: flipped })).toMatchObject(refusal('invalid_crypto_wallet_address', 400));
    expect(await authenticate({ type: 'ethereum', address: flipped }, `0x${'11'.repeat(65)}`)).toMatchObject(refusal('invalid_crypto_wallet_address', 400));
  });

  it.each([
    ['no 0x', 'a'.repeat(40)],
    ['too short', `0x${'a'.repeat(39)}`],
    ['too long', `0x${'a'.repeat(41)}`],
    ['not hex', `0x${'g'.repeat(40)}`],
    ['a Solana address', base58.encode(new Uint8Array(32).fill(7))],
    ['an ENS name', 'vitalik.eth'],
    ['empty', ''],
  ])('a malformed address (%s) is a 400', async (_, address) => {
    const answer = await start({ type: 'ethereum', address });
    expect(answer.status).toBe(400);
    expect(['invalid_crypto_wallet_address', 'bad_request']).toContain(answer.body.error_type);
  });

  it.each([
    ['not hex', `0x${'zz'.repeat(65)}`],
    ['64 bytes', `0x${'11'.repeat(64)}`],
    ['66 bytes', `0x${'11'.repeat(66)}`],
    ['no 0x', '11'.repeat(65)],
    ['base58', base58.encode(new Uint8Array(65).fill(1))],
    ['65 bytes that are no signature', `0x${'00'.repeat(65)}`],
    ['r and s out of range', `0x${'ff'.repeat(64)}1b`],
  ])('a malformed signature (%s) is invalid_crypto_signature, never a 500', async (_, signature) => {
    const wallet = ethereumWallet();
    const message = await challengeFor(wallet);
    expect(await authenticate(wallet, signature)).toMatchObject(refusal('invalid_crypto_signature', 401));
    // The message is still there for the wallet's real signature.
    expect((await authenticate(wallet, await wallet.sign(message))).status).toBe(200);
  });
});

describe('Solana addresses and messages', () => {
  it('the message is Sign-In With Solana text naming the page, the address, a nonce and its times', async () => {
    const wallet = solanaWallet();
    const message = await challengeFor(wallet, { origin: ORIGIN });
    const now = h.clock();
    const nonce = /\nNonce: ([A-Za-z0-9]{24})\n/.exec(message)?.[1];
    expect(nonce).toBeDefined();
    expect(message).toBe(
      [
        'localhost:3000 wants you to sign in with your Solana account:',
        wallet.address,
        '',
        'Sign in to Vestibule Demo.',
        '',
        'URI: http://localhost:3000',
        'Version: 1',
        `Nonce: ${nonce}`,
        `Issued At: ${now.toISOString()}`,
        `Expiration Time: ${new Date(now.getTime() + 10 * 60_000).toISOString()}`,
      ].join('\n'),
    );
  });

  it.each([
    ['not base58 (0, O, I, l)', '0OIl'.repeat(11)],
    ['31 bytes', base58.encode(new Uint8Array(31).fill(9))],
    ['33 bytes', base58.encode(new Uint8Array(33).fill(9))],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['too long', '1'.repeat(129)],
    ['spaces', ` ${base58.encode(new Uint8Array(32).fill(9))}`],
  ])('a malformed address (%s) is a 400', async (_, address) => {
    const answer = await start({ type: 'solana', address });
    expect(answer.status).toBe(400);
    expect(['invalid_crypto_wallet_address', 'bad_request']).toContain(answer.body.error_type);
    const signed = await authenticate({ type: 'solana', address }, base58.encode(new Uint8Array(64).fill(1)));
    expect(signed.status).toBe(400);
  });

  it.each([
    ['not base58', '0OIl'.repeat(20)],
    ['63 bytes', base58.encode(new Uint8Array(63).fill(1))],
    ['65 bytes', base58.encode(new Uint8Array(65).fill(1))],
    ['hex', `0x${'11'.repeat(64)}`],
    ['base64', Buffer.from(new Uint8Array(64).fill(1)).toString('base64')],
    ['64 zero bytes', base58.encode(new Uint8Array(64))],
    ['64 bytes of 0xff (s out of range)', base58.encode(new Uint8Array(64).fill(255))],
  ])('a malformed signature (%s) is invalid_crypto_signature, never a 500', async (_, signature) => {
    const wallet = solanaWallet();
    const message = await challengeFor(wallet);
    expect(await authenticate(wallet, signature)).toMatchObject(refusal('invalid_crypto_signature', 401));
    expect((await authenticate(wallet, await wallet.sign(message))).status).toBe(200);
  });

  it('a 32-byte address that is no curve point signs nothing (invalid_crypto_signature, not a 500)', async () => {
    // Not every 32 bytes decode to a point; whichever these are, the answer is a clean refusal.
    const offCurve = { type: 'solana' as const, address: base58.encode(new Uint8Array(32).fill(255)) };
    await challengeFor(offCurve);
    expect(await authenticate(offCurve, base58.encode(new Uint8Array(64).fill(3)))).toMatchObject(refusal('invalid_crypto_signature', 401));
  });
});

describe('the rest of the request', () => {
  it('an unknown wallet type or an unknown field is bad_request', async () => {
    expect(await h.json('POST', START, { crypto_wallet_address: 'x', crypto_wallet_type: 'bitcoin' })).toMatchObject(refusal('bad_request', 400));
    expect(await h.json('POST', START, { crypto_wallet_address: 'x', crypto_wallet_type: 'solana', nonce: 'mine' })).toMatchObject(refusal('bad_request', 400));
  });

  it('a start without a code_challenge, or a sign-in without a code_verifier, is bad_request naming the field', async () => {
    const wallet = ethereumWallet();
    const unbound = await h.json('POST', START, { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' });
    expect(unbound).toMatchObject(refusal('bad_request', 400));
    expect(unbound.body.error_message).toContain('code_challenge');
    expect(await start(wallet, {}, { code_challenge: 'too-short' })).toMatchObject(refusal('bad_request', 400));
    const message = await challengeFor(wallet);
    const noVerifier = await h.json('POST', AUTHENTICATE, {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: await wallet.sign(message),
    });
    expect(noVerifier).toMatchObject(refusal('bad_request', 400));
    expect(noVerifier.body.error_message).toContain('code_verifier');
  });

  it('a session duration outside the range is invalid_duration, and the message is still usable', async () => {
    const wallet = ethereumWallet();
    const signature = await wallet.sign(await challengeFor(wallet));
    expect(await authenticate(wallet, signature, {}, { session_duration_minutes: 0 })).toMatchObject(refusal('invalid_duration', 400));
    const signedIn = await authenticate(wallet, signature, {}, { session_duration_minutes: 60 });
    expect(signedIn.status).toBe(200);
    expect(new Date(signedIn.body.session.expires_at).getTime() - h.clock().getTime()).toBe(60 * 60_000);
  });

  it('without the public token: invalid_public_token', async () => {
    const answer = await h.json('POST', START, { crypto_wallet_address: ethereumWallet().address, crypto_wallet_type: 'ethereum' }, { token: null });
    expect(answer).toMatchObject(refusal('invalid_public_token', 401));
  });

  it('messages are kept as one-time secrets of the wallet and browser, used once', async () => {
    const wallet = solanaWallet();
    const message = await challengeFor(wallet);
    const subject = `solana:${wallet.address}:${BROWSER.challenge}`;
    const rows = await h.server.db.selectFrom('one_time_secrets').selectAll().where('subject', '=', subject).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'crypto_wallet_challenge', used_at: null, max_attempts: null });
    expect(rows[0]!.secret_hash).not.toContain(message);
    await authenticate(wallet, await wallet.sign(message));
    const used = await h.server.db.selectFrom('one_time_secrets').select('used_at').where('subject', '=', subject).executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();
  });
});

describe('a project that allows several chains (cryptoChainIds)', () => {
  let polygonToo: Harness;
  beforeAll(async () => {
    polygonToo = await startHarness({}, { VESTIBULE_CRYPTO_CHAIN_IDS: '137, 1' });
  });
  afterAll(() => polygonToo.close());

  it('a wallet on any of them signs a message naming its chain and signs in; without a chain id, the first', async () => {
    const wallet = ethereumWallet();
    const body = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', code_challenge: BROWSER.challenge };
    const onEthereum = await polygonToo.json('POST', START, { ...body, chain_id: 1 });
    expect(parseSiweMessage(onEthereum.body.challenge).chainId).toBe(1);
    expect(parseSiweMessage((await polygonToo.json('POST', START, body)).body.challenge).chainId).toBe(137);
    const onPolygon = (await polygonToo.json('POST', START, { ...body, chain_id: 137 })).body.challenge;
    expect(parseSiweMessage(onPolygon).chainId).toBe(137);
    const signedIn = await polygonToo.json('POST', AUTHENTICATE, {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      code_verifier: BROWSER.verifier,
      signature: await wallet.sign(onPolygon),
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const base = await polygonToo.json('POST', START, { ...body, chain_id: 8453 });
    expect(base.body.error_message).toBe(
      'Your wallet is on Base (chain 8453), which this site does not accept for signing in. Switch your wallet to Polygon (chain 137) or Ethereum (chain 1) and try again.',
    );
  });
});
