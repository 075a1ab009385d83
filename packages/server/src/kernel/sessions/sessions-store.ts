import { sql, type Kysely } from 'kysely';
import type { AuthenticationFactor, Session } from '@vestibule/contract';
import { sha256Hex } from '../../security/hash.js';
import { newId, randomToken } from '../../security/random-token.js';
import type { Database, SessionRow, StoredFactor } from '../../storage/database.js';

const MINUTE = 60_000;

/** The client a sign-in came from, as the account page lists a session: values read by the http layer (http/sign-in-client.ts). */
export interface SignInClient {
  userAgent: string | null;
  ipAddress: string | null;
}

/** Longer user agents are cut: no browser sends one near this, and a client must not fill the table. */
export const MAX_USER_AGENT_LENGTH = 512;

/** Creates a session and returns it with its token (the database keeps only the token's hash). */
export async function createSession(
  db: Kysely<Database>,
  input: { userId: string; durationMinutes: number; factors: AuthenticationFactor[]; now: Date; client: SignInClient },
): Promise<{ row: SessionRow; token: string }> {
  const token = randomToken();
  const row = await db
    .insertInto('sessions')
    .values({
      session_id: newId('session'),
      user_id: input.userId,
      token_hash: sha256Hex(token),
      started_at: input.now,
      last_accessed_at: input.now,
      expires_at: new Date(input.now.getTime() + input.durationMinutes * MINUTE),
      authentication_factors: JSON.stringify(input.factors),
      user_agent: input.client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
      ip_address: input.client.ipAddress,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, token };
}

/** Longer than any session token this server issues: such a token is not even hashed and looked up. */
const MAX_SESSION_TOKEN_LENGTH = 256;

/** The live (not expired, not revoked) session a token names, or undefined. */
export async function findLiveSession(db: Kysely<Database>, token: string, now: Date): Promise<SessionRow | undefined> {
  if (token.length > MAX_SESSION_TOKEN_LENGTH) return undefined;
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Records an access; with a duration the session then lasts that long from now. Either way its
 * expiry ends up no later than its absolute end (session-lifetime.ts), worked out by the database
 * from the stored row, so a touch never writes back an expiry read before another instance's.
 */
export async function touchSession(
  db: Kysely<Database>,
  sessionId: string,
  now: Date,
  lifetime: { durationMinutes?: number; maxAgeMinutes: number },
  factors?: AuthenticationFactor[],
): Promise<SessionRow | undefined> {
  const asked =
    lifetime.durationMinutes === undefined ? sql.ref('expires_at') : sql`${new Date(now.getTime() + lifetime.durationMinutes * MINUTE)}::timestamptz`;
  return db
    .updateTable('sessions')
    .set({
      last_accessed_at: now,
      expires_at: sql<Date>`least(${asked}, started_at + ${lifetime.maxAgeMinutes} * interval '1 minute')`,
      ...(factors ? { authentication_factors: JSON.stringify(factors) } : {}),
    })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live session of a user (kernel/sessions/revoke-everywhere.ts says when). */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * Revokes every live session of a user but `keep` (none when null), and ends sign-ins under way
 * (ways_in_ended_at, complete-sign-in.ts): a first step held for its second would otherwise be
 * finished on another device after it. The account page's 'Sign out of all other devices' and a
 * new password that signs them out keep theirs; an operator revoking a user's sessions keeps none.
 * Not revokeEverywhere: passkeys, wallets and the apps' grants stay. How many it revoked, or null
 * when no user has this id. The caller settles.
 */
export async function endUserSignIns(db: Kysely<Database>, userId: string, keep: string | null, now: Date): Promise<number | null> {
  const user = await db.updateTable('users').set({ ways_in_ended_at: now }).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  if (!user) return null;
  let sessions = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keep !== null) sessions = sessions.where('session_id', '!=', keep);
  return Number((await sessions.executeTakeFirst()).numUpdatedRows);
}

/** endUserSignIns keeping the caller's own session. */
export async function revokeOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string, now: Date): Promise<number> {
  return (await endUserSignIns(db, userId, keepSessionId, now)) ?? 0;
}

/**
 * What a factor proved, by its details (the *_factor objects): their ids when they have some
 * (email_factor's email_id, phone_number_factor's phone_id, crypto_wallet_factor's
 * crypto_wallet_id, webauthn_factor's webauthn_registration_id: the address, wallet or passkey, not
 * how it was spelled when proven), else all of them (oauth_factor: a provider account is its
 * provider and subject). Two passkeys, or two social accounts, are two credentials.
 */
function credentialOf(factor: StoredFactor): string {
  const parts = Object.entries(factor).flatMap(([key, details]) => {
    if (!key.endsWith('_factor') || details === null || typeof details !== 'object') return [];
    const fields = Object.entries(details as Record<string, unknown>);
    const ids = fields.filter(([name]) => name.endsWith('_id'));
    return (ids.length > 0 ? ids : fields).map(([name, value]) => `${key}.${name}=${String(value)}`);
  });
  return parts.sort().join(' ');
}

/** Adds a factor, replacing an earlier one of the same kind (same type, channel, and the same email, phone, wallet, passkey or social account). */
export function mergeFactor(factors: StoredFactor[], factor: StoredFactor): StoredFactor[] {
  const credential = credentialOf(factor);
  const same = (f: StoredFactor) => f.type === factor.type && f.delivery_method === factor.delivery_method && credentialOf(f) === credential;
  // A credential this session attached stays attached for the session: proving it again proves no more.
  const attached = factors.some((f) => same(f) && f.attached);
  return [...factors.filter((f) => !same(f)), attached ? { ...factor, attached: true } : factor];
}

export function toSession(row: SessionRow): Session {
  return {
    session_id: row.session_id,
    user_id: row.user_id,
    started_at: row.started_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    authentication_factors: row.authentication_factors.map(({ attached: _attached, ...factor }) => factor),
  };
}
