import type { Kysely } from 'kysely';
import { attemptCode, codeOwner, issueCode } from '../../kernel/one-time-secrets.js';
import { passcodeHash } from '../../security/otp-hash.js';
import type { Database } from '../../storage/database.js';
import { OTP_MAX_ATTEMPTS } from './otp-codes.js';

/**
 * The passcodes the account page sends to an address or number a user is adding: one live code per
 * user and kind (a new one ends the last), keyed with the destination, so a code works only for
 * the address or number it went to, and only for that user's session. Single use, 5 tries.
 */
const PURPOSES = { email: 'account_email', phone: 'account_phone' } as const;
export type AccountCodeKind = keyof typeof PURPOSES;

interface Destination {
  kind: AccountCodeKind;
  userId: string;
  /** The address (normalised) or the number (E.164) the code goes to. */
  destination: string;
}

const hashKeyOf = (input: Destination) => `${PURPOSES[input.kind]} ${input.userId} ${input.destination}`;

/** Stores the code (from newPasscode) once it has been sent: a new one ends the last. */
export async function storeAccountCode(
  db: Kysely<Database>,
  key: Buffer,
  input: Destination & { code: string; expirationMinutes: number; now: Date },
): Promise<void> {
  await issueCode(db, {
    purpose: PURPOSES[input.kind],
    subject: input.userId,
    codeHash: passcodeHash(key, hashKeyOf(input), input.code),
    maxAttempts: OTP_MAX_ATTEMPTS,
    userId: input.userId,
    bound: {},
    expirationMinutes: input.expirationMinutes,
    now: input.now,
  });
}

/**
 * One try at the user's code: 'right' uses it (of parallel right tries exactly one); 'none' when the
 * user was sent none; 'wrong' (lastAttempt: that was its 5th try) or 'dead' (used, expired or out
 * of tries) otherwise. A code sent to another destination is a wrong try at this one.
 */
export async function tryAccountCode(
  db: Kysely<Database>,
  key: Buffer,
  input: Destination & { code: string; now: Date },
): Promise<'right' | 'none' | 'dead' | 'wrong' | 'last'> {
  const purpose = PURPOSES[input.kind];
  if (!(await codeOwner(db, purpose, input.userId))) return 'none';
  const attempt = await attemptCode(db, purpose, input.userId, passcodeHash(key, hashKeyOf(input), input.code), input.now);
  if (attempt.kind === 'wrong') return attempt.lastAttempt ? 'last' : 'wrong';
  return attempt.kind;
}
