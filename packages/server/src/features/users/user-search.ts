import { sql, type Kysely } from 'kysely';
import { ApiError } from '../../kernel/api-error.js';
import { normalizePhoneNumber } from '../../kernel/phone-number.js';
import type { Database } from '../../storage/database.js';

/** Where a page ends: the last user's created_at and id, which the next page starts after. */
interface Position {
  createdAt: Date;
  userId: string;
}

/** A cursor is the position of a page's last user, base64url: opaque to callers, who only hand it back. */
const cursorOf = (position: Position) => Buffer.from(`u:${position.createdAt.getTime()}:${position.userId}`).toString('base64url');

/**
 * The latest time a cursor may name: the end of year 9999. Every user's created_at is before it, and
 * the database driver writes a later JavaScript Date as a year of five digits, which PostgreSQL
 * refuses ('time zone displacement out of range').
 */
const LATEST_CREATED_AT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A cursor's position; invalid_cursor for what cursorOf does not write: another form, another encoding of one, a time after year 9999. */
function positionOf(cursor: string): Position {
  const match = /^u:(\d{1,15}):([\x21-\x7e]{1,256})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || Number(match[1]) > LATEST_CREATED_AT) throw new ApiError('invalid_cursor');
  const position = { createdAt: new Date(Number(match[1])), userId: match[2]! };
  // Base64url decoding skips what is not of its alphabet, and the time's digits may be padded: only the cursor's own form is one.
  if (cursorOf(position) !== cursor) throw new ApiError('invalid_cursor');
  return position;
}

/** The number a query names, in E.164 (spaces, dots, dashes and brackets aside), or null when it names none. */
function phoneIn(query: string): string | null {
  try {
    return normalizePhoneNumber(query.replace(/[\s().-]/g, ''), null).e164;
  } catch {
    return null;
  }
}

/**
 * A page of user ids, newest first (created_at, then user_id, both descending, so users created at
 * the same moment keep one order), after the cursor's position: users created while someone pages
 * through sort before the first page, so pages never repeat or skip one. `query` matches an email
 * address containing it (any case: addresses are stored in lower case), a phone number equal to it,
 * or the user id itself.
 */
export async function findUserPage(
  db: Kysely<Database>,
  options: { query?: string; cursor?: string; limit: number },
): Promise<{ userIds: string[]; nextCursor: string | null }> {
  const after = options.cursor === undefined ? null : positionOf(options.cursor);
  let select = db.selectFrom('users').select(['users.user_id', 'users.created_at']);
  const query = options.query;
  if (query !== undefined) {
    const phone = phoneIn(query);
    select = select.where((eb) =>
      eb.or([
        eb('users.user_id', '=', query),
        eb.exists(
          eb
            .selectFrom('user_emails')
            .select('user_emails.email_id')
            .whereRef('user_emails.user_id', '=', 'users.user_id')
            .where(sql<number>`strpos(user_emails.email, ${query.toLowerCase()})`, '>', 0),
        ),
        ...(phone
          ? [
              eb.exists(
                eb
                  .selectFrom('user_phone_numbers')
                  .select('user_phone_numbers.phone_id')
                  .whereRef('user_phone_numbers.user_id', '=', 'users.user_id')
                  .where('user_phone_numbers.phone_number', '=', phone),
              ),
            ]
          : []),
      ]),
    );
  }
  if (after) select = select.where((eb) => eb(eb.refTuple('users.created_at', 'users.user_id'), '<', eb.tuple(after.createdAt, after.userId)));
  // One more than asked tells whether another page follows.
  const rows = await select
    .orderBy('users.created_at', 'desc')
    .orderBy('users.user_id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    userIds: page.map((row) => row.user_id),
    nextCursor: rows.length > options.limit && last ? cursorOf({ createdAt: last.created_at, userId: last.user_id }) : null,
  };
}
