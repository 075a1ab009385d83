import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListeningServer } from '../helpers/listening.js';
import { pkcePair } from '../helpers/pkce.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 14: a wallet's signed sign-in message signs in once, however many race to use it (one
 * conditional UPDATE spends the message after its signature verified), and a stranger who knows the
 * address cannot spend the owner's message with signatures of their own. Issue 26: nor can the
 * stranger's starts in the wallet's name replace it; each message is bound to the browser that
 * asked for it (its PKCE challenge).
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const START = '/sdk/v1/crypto_wallets/authenticate/start';
const AUTHENTICATE = '/sdk/v1/crypto_wallets/authenticate';
const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();
/** The owner's browser: the verifier it keeps, the challenge its starts send. */
const OWNER = pkcePair();
const started = (wallet: object) => ({ ...wallet, code_challenge: OWNER.challenge });
const signed = (wallet: object, signature: string) => ({ ...wallet, signature, code_verifier: OWNER.verifier });

describe('wallet signatures under parallel use', () => {
  it('the same Ethereum signature 50 times in parallel: one session', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' };
    const { body } = await s.send('POST', START, started(wallet));
    const signature = await account.signMessage({ message: body.challenge });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', AUTHENTICATE, signed(wallet, signature), { from: `127.0.8.${i + 1}` })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error_type))).toEqual(new Set(['crypto_challenge_not_found']));
    const sessions = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.session.session_id));
    expect(sessions.size).toBe(1);
  });

  it('the same Solana signature 50 times in parallel: one session', async () => {
    const secret = ed25519.utils.randomSecretKey();
    const wallet = { crypto_wallet_address: base58.encode(ed25519.getPublicKey(secret)), crypto_wallet_type: 'solana' };
    const { body } = await s.send('POST', START, started(wallet));
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(body.challenge), secret));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', AUTHENTICATE, signed(wallet, signature), { from: `127.0.9.${i + 1}` })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error_type))).toEqual(new Set(['crypto_challenge_not_found']));
  });

  it("50 strangers' signatures in parallel in a wallet's name do not spend its message", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const wallet = { crypto_wallet_address: owner.address, crypto_wallet_type: 'ethereum' };
    const { body } = await s.send('POST', START, started(wallet));
    const strangers = await Promise.all(Array.from({ length: 50 }, () => privateKeyToAccount(generatePrivateKey()).signMessage({ message: body.challenge })));
    const answers = await Promise.all(strangers.map((signature, i) => s.send('POST', AUTHENTICATE, signed(wallet, signature), { from: `127.0.10.${i + 1}` })));
    expect(new Set(answers.map((a) => `${a.status} ${a.body.error_type}`))).toEqual(new Set(['401 invalid_crypto_signature']));
    const signedIn = await s.send('POST', AUTHENTICATE, signed(wallet, await owner.signMessage({ message: body.challenge })));
    expect(signedIn.status).toBe(200);
  });

  it("50 strangers' starts in parallel in a wallet's name neither replace nor spend its owner's message", async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const wallet = { crypto_wallet_address: owner.address, crypto_wallet_type: 'ethereum' };
    const { body } = await s.send('POST', START, started(wallet));
    // Strangers start for the owner's address from their own addresses and browsers, before and while the owner signs.
    const strangers = Array.from({ length: 50 }, (_, i) =>
      s.send('POST', START, { ...wallet, code_challenge: pkcePair().challenge }, { from: `127.0.11.${i + 1}` }),
    );
    const signature = await owner.signMessage({ message: body.challenge });
    expect(statuses(await Promise.all(strangers))).toEqual(Array(50).fill(200));
    const signedIn = await s.send('POST', AUTHENTICATE, signed(wallet, signature));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.crypto_wallet_address).toBe(owner.address);
  });

  it('a start without a PKCE challenge is refused: there is no unbound message to replace', async () => {
    const wallet = { crypto_wallet_address: privateKeyToAccount(generatePrivateKey()).address, crypto_wallet_type: 'ethereum' };
    const answer = await s.send('POST', START, wallet);
    expect(answer.status).toBe(400);
    expect(answer.body.error_type).toBe('bad_request');
  });
});
