import type { AuthenticationFactor } from '@vestibule/contract';
import type { Kysely } from 'kysely';
import { ApiError } from '../../kernel/api-error.js';
import type { Database } from '../../storage/database.js';
import type { TotpKeyRow } from './tables.js';
import { acceptStep, enabledKey } from './totp-keys-store.js';
import { totpStep } from './totp.js';

/**
 * What the sign-in's second step and the account page's confirmation share: the user's key that is
 * on, a code from the app checked and spent, and the factor either proves.
 */

/** The user's key that is on: without it there is no code to ask for (400 totp_not_enabled). */
export async function keyThatIsOn(db: Kysely<Database>, userId: string): Promise<TotpKeyRow> {
  const key = await enabledKey(db, userId);
  if (!key) throw new ApiError('totp_not_enabled');
  return key;
}

/**
 * The step of a right code from the app, spent: one conditional UPDATE, so of copies sent
 * together (or one used to sign in and again to confirm) one is accepted and the others are 401
 * totp_code_already_used. Null for a wrong code, which spends nothing.
 */
export async function spendAppCode(db: Kysely<Database>, key: TotpKeyRow, secret: string, code: string, now: Date): Promise<number | null> {
  const step = totpStep(secret, code, now);
  if (step === null) return null;
  if (!(await acceptStep(db, key, step, now))) throw new ApiError('totp_code_already_used');
  return step;
}

/** The session factor a second step proves: the app's code, or a recovery code. */
export const secondStepFactor = (type: 'totp' | 'recovery_code', now: Date): AuthenticationFactor => ({
  type,
  delivery_method: type === 'totp' ? 'authenticator_app' : 'recovery_code',
  last_authenticated_at: now.toISOString(),
});
