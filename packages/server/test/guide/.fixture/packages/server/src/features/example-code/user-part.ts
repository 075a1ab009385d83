import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { userPart } from '../../kernel/users.js';

/** The User's codes, oldest first: when each was made and until when it works (never the code, nor its hash). */
export const exampleCodesPart = userPart({
  field: 'example_codes',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('example_codes')
        .select(['created_at', 'expires_at'])
        .whereRef('example_codes.user_id', '=', 'users.user_id')
        .orderBy('created_at')
        .orderBy('code_hash'),
    ),
  // Timestamps inside JSON come back as text.
  read: (rows) => rows.map((row) => ({ created_at: new Date(row.created_at).toISOString(), expires_at: new Date(row.expires_at).toISOString() })),
});
