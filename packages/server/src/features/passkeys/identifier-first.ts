import { hkdfSync } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AppDeps } from '../../http/app-env.js';
import { normalizeEmail } from '../../kernel/email-address.js';
import { findUserEmail } from '../../kernel/users.js';
import type { Database } from '../../storage/database.js';
import type { CredentialDescriptor } from './ceremonies.js';
import { listRegistrations } from './registrations-store.js';

/** No user has this id: an address without an account still runs the same query as one with. */
const NOBODY = '';

/** The shape of a credential id and how the browser reaches its authenticator. */
interface Shape {
  bytes: number;
  transports: string[];
}

/** Before this deployment has any passkey: what platform authenticators that sync commonly make. */
const FIRST_SHAPE: Shape = { bytes: 16, transports: ['hybrid', 'internal'] };
const SHAPE_TTL_MS = 10 * 60_000;
const shapes = new WeakMap<Kysely<Database>, { at: number; shape: Shape }>();

/**
 * The shape most of this deployment's passkeys have (id length, transports), read again every 10
 * minutes: stand-ins take it, so that they look like the passkeys people here actually have.
 */
async function commonShape(db: Kysely<Database>, now: Date): Promise<Shape> {
  const known = shapes.get(db);
  if (known && now.getTime() - known.at < SHAPE_TTL_MS) return known.shape;
  const row = await db
    .selectFrom('webauthn_registrations')
    .select([sql<number>`length(credential_id)`.as('chars'), sql<string>`transports::text`.as('transports')])
    .where('signs_in_alone', '=', true)
    .groupBy([sql`length(credential_id)`, sql`transports::text`])
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const shape = row ? { bytes: Math.floor((Number(row.chars) * 3) / 4), transports: JSON.parse(row.transports) as string[] } : FIRST_SHAPE;
  shapes.set(db, { at: now.getTime(), shape });
  return shape;
}

/**
 * A stand-in for an address with no passkey (no account, or an account without one): an id of the
 * common shape from a key derived from the server secret and the address, so asking again answers
 * the same and only the server can tell it from a real one (WebAuthn's advice against username
 * enumeration: imaginary credential ids). The passcode key, under a label of its own.
 */
function standIn(key: Buffer, email: string, shape: Shape): CredentialDescriptor {
  const bytes = Buffer.from(hkdfSync('sha256', key, email, 'passkey stand-in', shape.bytes));
  return { credential_id: bytes.toString('base64url'), transports: shape.transports };
}

/**
 * Identifier-first passkeys: the passkeys (credentials that sign in alone) of the user an email
 * names, for allowCredentials, so that the browser goes straight to that person's passkey. For an
 * address with no passkey, a stand-in after the same work (a lookup, a list, a derivation), and
 * userId null: the start then binds its challenge to nobody, so no credential answers it.
 */
export async function passkeysOfEmail(deps: AppDeps, typed: string, now: Date): Promise<{ userId: string | null; allowed: CredentialDescriptor[] }> {
  const email = normalizeEmail(typed);
  const user = await findUserEmail(deps.db, email);
  const passkeys = (await listRegistrations(deps.db, user?.user_id ?? NOBODY)).filter((row) => row.signs_in_alone);
  const standIns = [standIn(deps.otpHmacKey, email, await commonShape(deps.db, now))];
  if (!user || passkeys.length === 0) return { userId: null, allowed: standIns };
  return { userId: user.user_id, allowed: passkeys };
}
