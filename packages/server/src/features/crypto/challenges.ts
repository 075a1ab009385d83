import type { Kysely } from 'kysely';
import type { CryptoWalletType } from '@vestibule/contract';
import { issueCode, peekCode, spendCode } from '../../kernel/one-time-secrets.js';
import { sha256Hex } from '../../security/hash.js';
import { pkceChallenge } from '../../security/pkce.js';
import type { Database } from '../../storage/database.js';
import { CHALLENGE_MINUTES } from './messages.js';

/**
 * A wallet's sign-in message, a one-time secret of the kernel bound to the wallet and to the
 * browser that asked for it: its subject is the wallet and that browser's PKCE challenge, so the
 * authenticate call finds it only with the verifier. Anyone may start for any address, but a
 * stranger's start is a message of the stranger's own: it neither replaces nor spends the one
 * the owner's browser is signing. One live per wallet and browser (that browser's new start
 * replaces it), used once. The message itself is kept (in the secret's bound data) because the
 * signature is checked over exactly it; it is no secret, a wallet shows it and signs it in the
 * open, and without the wallet's key it signs no one in.
 */
const PURPOSE = 'crypto_wallet_challenge';

interface Bound {
  message: string;
}

/** Which wallet, and which browser's start (the S256 challenge of its verifier). */
export interface ChallengeOwner {
  type: CryptoWalletType;
  address: string;
  codeChallenge: string;
}

const subjectOf = (owner: ChallengeOwner) => `${owner.type}:${owner.address}:${owner.codeChallenge}`;

/** The owner an authenticate call names: the wallet, and the challenge of the verifier it sends. */
export const ownerOf = (type: CryptoWalletType, address: string, codeVerifier: string): ChallengeOwner => ({
  type,
  address,
  codeChallenge: pkceChallenge(codeVerifier),
});

export async function issueChallenge(db: Kysely<Database>, owner: ChallengeOwner, message: string, now: Date): Promise<void> {
  await issueCode<Bound>(db, {
    purpose: PURPOSE,
    subject: subjectOf(owner),
    codeHash: sha256Hex(message),
    // Not guessed at: a wrong signature costs nothing, so a stranger cannot use up the wallet's message.
    maxAttempts: null,
    userId: null,
    bound: { message },
    expirationMinutes: CHALLENGE_MINUTES,
    now,
  });
}

/** The live message of this wallet and browser (unused, unexpired, its latest start), without using it. */
export async function liveChallenge(db: Kysely<Database>, owner: ChallengeOwner, now: Date): Promise<{ message: string; hash: string } | undefined> {
  const live = await peekCode<Bound>(db, PURPOSE, subjectOf(owner), now);
  return live ? { message: live.bound.message, hash: live.secretHash } : undefined;
}

/**
 * Uses the message once, after its signature verified: one conditional UPDATE, so of parallel
 * uses exactly one is told true. False when it was used, replaced or expired in between.
 */
export async function spendChallenge(db: Kysely<Database>, owner: ChallengeOwner, hash: string, now: Date): Promise<boolean> {
  return Boolean(await spendCode(db, PURPOSE, subjectOf(owner), hash, now));
}
