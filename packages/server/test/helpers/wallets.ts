import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Answer, ListeningServer, SendOptions } from './listening.js';
import { pkcePair } from './pkce.js';

/** Wallets with real keys, as a wallet extension holds them: viem's accounts for Ethereum, noble's ed25519 for Solana. */
export interface Wallet {
  type: 'ethereum' | 'solana';
  address: string;
  sign(message: string): Promise<string>;
}

export function ethereumWallet(account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())): Wallet & { account: PrivateKeyAccount } {
  return { type: 'ethereum', address: account.address, account, sign: (message) => account.signMessage({ message }) };
}

export function solanaWallet(secret: Uint8Array = ed25519.utils.randomSecretKey()): Wallet & { secret: Uint8Array } {
  return {
    type: 'solana',
    address: base58.encode(ed25519.getPublicKey(secret)),
    secret,
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

/** What a wallet's proof sends (to sign in with it, or to connect it on the account page). */
export interface WalletProof {
  crypto_wallet_address: string;
  crypto_wallet_type: Wallet['type'];
  signature: string;
  code_verifier: string;
}

/**
 * The browser's part of a wallet's proof over real sockets: a sign-in message started with a PKCE
 * challenge of its own, signed by the wallet; the body to send with the verifier.
 */
export async function walletProof(s: ListeningServer, wallet: Wallet, options: SendOptions = {}): Promise<WalletProof> {
  const wire = { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type };
  const pkce = pkcePair();
  const started = await s.send('POST', '/sdk/v1/crypto_wallets/authenticate/start', { ...wire, code_challenge: pkce.challenge }, options);
  if (started.status !== 200) throw new Error(`wallet start refused: ${JSON.stringify(started.body)}`);
  return { ...wire, signature: await wallet.sign(started.body.challenge), code_verifier: pkce.verifier };
}

/** Signs in with the wallet over real sockets; with `session` as Bearer, a wallet seen for the first time joins the session's user. */
export async function signInWithWallet(s: ListeningServer, wallet: Wallet, options: SendOptions = {}): Promise<Answer> {
  return s.send('POST', '/sdk/v1/crypto_wallets/authenticate', await walletProof(s, wallet, options), options);
}
