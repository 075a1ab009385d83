import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { userPart } from '../../kernel/users.js';

/** Whether two-step verification is on: since when, and how many recovery codes are left; never the key. */
export const totpPart = userPart({
  field: 'totp',
  select: (eb) =>
    jsonObjectFrom(
      eb
        .selectFrom('totp_keys')
        .select((inner) => [
          'totp_keys.totp_id',
          'totp_keys.enabled_at',
          inner
            .selectFrom('recovery_codes')
            .select((count) => count.fn.countAll<number | string>().as('count'))
            .whereRef('recovery_codes.user_id', '=', 'totp_keys.user_id')
            .where('recovery_codes.used_at', 'is', null)
            .as('recovery_codes_remaining'),
        ])
        .whereRef('totp_keys.user_id', '=', 'users.user_id')
        .where('totp_keys.enabled_at', 'is not', null),
    ),
  read: (row) =>
    row
      ? {
          totp_id: row.totp_id,
          created_at: new Date(row.enabled_at as Date | string).toISOString(),
          recovery_codes_remaining: Number(row.recovery_codes_remaining ?? 0),
        }
      : null,
});
