import type { ManagedUser } from '@vestibule/contract';
import { sql } from 'kysely';
import { getUsers, type UserDeps } from '../../kernel/users.js';

/**
 * When each user last signed in: the newest session.created event (kept eventRetentionDays), or,
 * past them or from before events were kept, the newest session still stored. One statement for
 * the whole list.
 */
async function lastSignIns(deps: UserDeps, userIds: readonly string[]): Promise<Map<string, Date>> {
  const rows = await deps.db
    .selectFrom('users')
    .select('users.user_id')
    .select(
      sql<Date | null>`greatest(
        (select max(audit_events.occurred_at) from audit_events where audit_events.user_id = users.user_id and audit_events.type = 'session.created'),
        (select max(sessions.started_at) from sessions where sessions.user_id = users.user_id)
      )`.as('last_sign_in_at'),
    )
    .where('users.user_id', 'in', userIds)
    .execute();
  return new Map(rows.flatMap((row) => (row.last_sign_in_at ? [[row.user_id, new Date(row.last_sign_in_at)] as const] : [])));
}

/**
 * Users as the management API answers them (the User with its name, metadata and last sign-in), in
 * the order asked: two statements whatever their number, never one per user. An id of no user is
 * left out.
 */
export async function readManagedUsers(deps: UserDeps, userIds: readonly string[]): Promise<ManagedUser[]> {
  if (userIds.length === 0) return [];
  const [users, signIns] = await Promise.all([getUsers(deps, userIds), lastSignIns(deps, userIds)]);
  return users.map((user) => ({
    ...user,
    name: user.name ?? null,
    trusted_metadata: user.trusted_metadata ?? {},
    untrusted_metadata: user.untrusted_metadata ?? {},
    last_sign_in_at: signIns.get(user.user_id)?.toISOString() ?? null,
  }));
}

/** One user as the management API answers them, or null. */
export async function readManagedUser(deps: UserDeps, userId: string): Promise<ManagedUser | null> {
  return (await readManagedUsers(deps, [userId]))[0] ?? null;
}
