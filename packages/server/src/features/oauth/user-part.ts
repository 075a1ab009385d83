import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { userPart } from '../../kernel/users.js';

/** The User's connected social accounts, oldest first, each with the address its provider last gave. */
export const oauthAccountsPart = userPart({
  field: 'oauth_accounts',
  select: (eb) =>
    jsonArrayFrom(
      eb
        .selectFrom('oauth_accounts')
        .select(['provider', 'subject', 'email', 'created_at'])
        .whereRef('oauth_accounts.user_id', '=', 'users.user_id')
        .orderBy('created_at')
        .orderBy('provider')
        .orderBy('subject'),
    ),
  // Timestamps inside JSON come back as text.
  read: (rows) =>
    rows.map((row) => ({
      provider_type: row.provider,
      provider_subject: row.subject,
      email: row.email,
      created_at: new Date(row.created_at).toISOString(),
    })),
});
