import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { userPart } from '../../kernel/users.js';

/** The User's phone numbers, which text passcodes add and prove. */
export const phoneNumbersPart = userPart({
  field: 'phone_numbers',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('user_phone_numbers')
        .select(['phone_id', 'phone_number', 'verified'])
        .whereRef('user_phone_numbers.user_id', '=', 'users.user_id')
        .orderBy('created_at'),
    ),
  read: (rows) => rows.map((row) => ({ phone_id: row.phone_id, phone_number: row.phone_number, verified: row.verified })),
});
