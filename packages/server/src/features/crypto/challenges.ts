import type { Kysely } from 'kysely';
import type { CryptoWalletType } from '@vestibule/contract';
import { issueCode, peekCode, useCode } from '../../kernel/one-time-secrets.js';
import { sha256Hex } from '../../security/hash.js';
import type { Database } from '../../storage/database.js';
import { CHALLENGE_MINUTES } from './messages.js';

/**
 * A wallet's sign-in message, a one-time secret of the kernel bound to the wallet (its subject):
 * one live per wallet (a new start replaces it), used once. The message itself is kept (in the
 * secret's bound data) because the signature is checked over exactly it; it is no secret, a
 * wallet shows it and signs it in the open, and without the wallet's key it signs no one in.
 * The authenticate call names only the wallet, so the message is found by the wallet.
 */
const PURPOSE = 'crypto_wallet_challenge';

interface Bound {
  message: string;
}

const subjectOf = (type: CryptoWalletType, address: string) => `${type}:${address}`;

export async function issueChallenge(db: Kysely<Database>, type: CryptoWalletType, address: string, message: string, now: Date): Promise<void> {
  await issueCode<Bound>(db, {
    purpose: PURPOSE,
    subject: subjectOf(type, address),
    codeHash: sha256Hex(message),
    // Not guessed at: a wrong signature costs nothing, so a stranger cannot use up the wallet's message.
    maxAttempts: null,
    userId: null,
    bound: { message },
    expirationMinutes: CHALLENGE_MINUTES,
    now,
  });
}

/** The wallet's live message (unused, unexpired, the latest started), without using it. */
export async function liveChallenge(db: Kysely<Database>, type: CryptoWalletType, address: string, now: Date): Promise<{ message: string; hash: string } | undefined> {
  const live = await peekCode<Bound>(db, PURPOSE, subjectOf(type, address), now);
  return live ? { message: live.bound.message, hash: live.secretHash } : undefined;
}

/**
 * Uses the message once, after its signature verified: one conditional UPDATE, so of parallel
 * uses exactly one is told true. False when it was used, replaced or expired in between.
 */
export async function spendChallenge(db: Kysely<Database>, type: CryptoWalletType, address: string, hash: string, now: Date): Promise<boolean> {
  return Boolean(await useCode(db, PURPOSE, subjectOf(type, address), hash, now));
}
