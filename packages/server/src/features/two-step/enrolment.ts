import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { ApiError } from '../../kernel/api-error.js';
import type { Database } from '../../storage/database.js';
import { accountLabel } from './account-label.js';
import { guess, totpCodeOf } from './guesses.js';
import { replaceRecoveryCodes } from './recovery-codes-store.js';
import { acceptStep, createPendingKey, enabledKey, keySecret, pendingKey } from './totp-keys-store.js';
import { newTotpSecret, otpauthUri, totpStep } from './totp.js';

/**
 * Runs a change's writes in one transaction that first locks the user's row (the account page's
 * also reads its session again): a user deleted meanwhile is refused there, not written for.
 */
export type Writes = <T>(write: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** A new key for the user's app (replacing one not yet on), with the URI its QR code carries; 400 totp_already_enabled when one is on. */
export async function newKey(deps: AppDeps, userId: string, now: Date, writes: Writes): Promise<{ secret: string; otpauth_uri: string }> {
  const secret = newTotpSecret();
  if (!(await writes((trx) => createPendingKey(trx, deps.secretBoxKey, userId, secret, now)))) throw new ApiError('totp_already_enabled');
  return { secret, otpauth_uri: otpauthUri(secret, deps.config.project.name, await accountLabel(deps, userId)) };
}

/**
 * Turns the key shown last on with a code from the app (a guess, counted like the second step's),
 * and gives the user ten new recovery codes, in `writes`' transaction with whatever else must hold
 * with it (`also`); returns the codes, shown this once.
 */
export async function turnOn(
  deps: AppDeps,
  c: Context<AppEnv>,
  at: { userId: string; typedCode: string; now: Date },
  writes: Writes,
  also: (trx: Kysely<Database>) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const { userId, now } = at;
  const code = totpCodeOf(at.typedCode);
  if (await enabledKey(deps.db, userId)) throw new ApiError('totp_already_enabled');
  const pending = await pendingKey(deps.db, userId, now);
  if (!pending) throw new ApiError('totp_enrolment_not_started');
  const secret = await keySecret(pending, deps.secretBoxKey);
  const step = await guess(deps, c, userId, now, 'invalid_totp_code', async () => totpStep(secret, code, now));
  return writes(async (trx) => {
    // Only the key that was checked, and only while it is still not on: a newer key shown since, or
    // a parallel code that turned it on, leaves this one nothing to do.
    if (!(await acceptStep(trx, pending, step, now, true))) {
      throw new ApiError((await enabledKey(trx, userId)) ? 'totp_already_enabled' : 'totp_enrolment_not_started');
    }
    await also(trx);
    return replaceRecoveryCodes(trx, deps.otpHmacKey, userId, now);
  });
}
