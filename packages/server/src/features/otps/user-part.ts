import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { primaryOf, userPart } from '../../kernel/users.js';

/**
 * The User's phone numbers, which text passcodes add and prove, oldest first; primary as for
 * emails (kernel/users.ts primaryOf): the one chosen (users.primary_phone_id), else the first
 * verified, else the first.
 */
export const phoneNumbersPart = userPart({
  field: 'phone_numbers',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('user_phone_numbers')
        .select(['phone_id', 'phone_number', 'verified'])
        .select((row) => row(row.ref('user_phone_numbers.phone_id'), '=', row.ref('users.primary_phone_id')).as('chosen'))
        .whereRef('user_phone_numbers.user_id', '=', 'users.user_id')
        .orderBy('created_at')
        .orderBy('phone_id'),
    ),
  read: (rows) => {
    const primary = primaryOf(
      rows.map((row) => ({ id: row.phone_id, verified: row.verified })),
      rows.find((row) => row.chosen)?.phone_id ?? null,
    );
    return rows.map((row) => ({ phone_id: row.phone_id, phone_number: row.phone_number, verified: row.verified, primary: row.phone_id === primary }));
  },
});
