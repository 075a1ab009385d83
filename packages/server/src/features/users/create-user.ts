import type { UserCreateRequestSchema } from '@vestibule/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../http/app-env.js';
import { ApiError } from '../../kernel/api-error.js';
import { recordEvent } from '../../kernel/audit/record-event.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { normalizePhoneNumber } from '../../kernel/phone-number.js';
import { checkImportedHash, type ImportedHashKind } from '../../security/imported-password-hash.js';
import { newId } from '../../security/random-token.js';

type CreateRequest = z.output<typeof UserCreateRequestSchema>;

/**
 * Creates a user as an operator asks (POST /v1/users), in one transaction: the user, its address
 * and number (unique: another user's is email_already_taken or phone_number_already_taken, and
 * nothing is made), an imported password hash, and the operator's action with who did it. The
 * database's triggers record user.created and each way in beside it. Everything is checked before
 * anything is written: the address and number as sign-ins normalise them, the hash's format and cost.
 *
 * The hash is stored as given; the user's first password sign-in checks it and replaces it with
 * this server's argon2id. It counts as set with proof (kept when an address is proven later) only
 * beside a verified email: otherwise the first proof of the address removes it, as it removes a
 * password set at sign-up before any proof (kernel/users.ts proveEmail), since whoever imported it
 * did not know the address was the person's.
 */
export async function createManagedUser(deps: AppDeps, body: CreateRequest, actor: Record<string, string>): Promise<string> {
  if (body.email === undefined && body.phone_number === undefined) throw new ApiError('user_needs_email_or_phone');
  const email = body.email === undefined ? null : normalizeEmail(body.email);
  const smsCountries = deps.config.project.smsCountries;
  const phone = body.phone_number === undefined ? null : normalizePhoneNumber(body.phone_number, smsCountries === 'all' ? null : smsCountries).e164;
  const passwordFormat = body.password_hash === undefined ? null : importedFormat(body.password_hash);

  const now = deps.clock();
  const userId = newId('user');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        user_id: userId,
        status: 'active',
        created_at: now,
        name: body.name ?? null,
        trusted_metadata: JSON.stringify(body.trusted_metadata ?? {}),
        untrusted_metadata: JSON.stringify(body.untrusted_metadata ?? {}),
      })
      .execute();
    if (email) {
      const added = await trx
        .insertInto('user_emails')
        .values({ email_id: newId('email'), user_id: userId, email, verified: body.email_verified, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('email_id')
        .executeTakeFirst();
      if (!added) throw new ApiError('email_already_taken');
    }
    if (phone) {
      const added = await trx
        .insertInto('user_phone_numbers')
        .values({ phone_id: newId('phone'), user_id: userId, phone_number: phone, verified: body.phone_number_verified, created_at: now })
        .onConflict((oc) => oc.column('phone_number').doNothing())
        .returning('phone_id')
        .executeTakeFirst();
      if (!added) throw new ApiError('phone_number_already_taken');
    }
    if (body.password_hash !== undefined) {
      await trx
        .insertInto('user_passwords')
        .values({
          user_id: userId,
          password_id: newId('password'),
          hash: body.password_hash,
          set_with_proof: Boolean(email && body.email_verified),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await recordEvent(
      trx,
      { type: 'operator.action', userId, data: { action: 'user.create', ...(passwordFormat ? { password_hash_format: passwordFormat } : {}) }, actor },
      now,
    );
  });
  return userId;
}

/** The format of a hash to import; invalid_password_hash when it is none this server checks, or costs more than it runs. */
function importedFormat(hash: string): ImportedHashKind {
  const check = checkImportedHash(hash);
  if ('kind' in check) return check.kind;
  if (check.refusal === 'unknown_format') throw new ApiError('invalid_password_hash');
  throw new ApiError('invalid_password_hash', `password_hash costs more to check than this server runs at each sign-in: ${check.limits}.`);
}
