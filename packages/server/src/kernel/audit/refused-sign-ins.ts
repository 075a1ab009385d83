import type { ErrorType } from '@vestibule/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database.js';
import { emailOrNull } from '../email-address.js';
import { sha256Hex } from '../../security/hash.js';
import { recordEvent } from './record-event.js';

/** The answers that say a sign-in's secret or proof was wrong (a guess, a stale link, a bad signature). */
const WRONG_PROOF: ReadonlySet<ErrorType> = new Set<ErrorType>([
  'unauthorized_credentials',
  'unable_to_auth_magic_link',
  'otp_code_not_found',
  'otp_code_expired',
  'invalid_webauthn_response',
  'invalid_crypto_signature',
  'invalid_id_token',
  'invalid_totp_code',
  'totp_code_already_used',
  'invalid_recovery_code',
]);

/** The answer of a sign-in refused because its account or client is locked after too many wrong ones. */
const LOCKED: ErrorType = 'user_lock_limit_reached';

/** Whether an error answered on a route is a refused sign-in worth recording. */
export function isRefusedSignIn(path: string, type: ErrorType): boolean {
  return path.startsWith('/sdk/v1/') && (type === LOCKED || WRONG_PROOF.has(type));
}

/**
 * The user a refused attempt aimed at, when its body names them: an email address (passwords), the
 * email or phone a passcode went to (method_id), or a one-time token the server issued for a user
 * (a link's token, the intermediate session a second step finishes), found by its hash. A second
 * step's wrong code after a right password is what an operator most needs to see on the user.
 */
async function targetOf(db: Kysely<Database>, body: unknown): Promise<string | null> {
  if (body === null || typeof body !== 'object') return null;
  const { email, method_id: methodId, token, intermediate_session_token: held } = body as Record<string, unknown>;
  for (const given of [held, token]) {
    if (typeof given !== 'string' || given.length > 1000) continue;
    const row = await db.selectFrom('one_time_secrets').select('user_id').where('secret_hash', '=', sha256Hex(given)).executeTakeFirst();
    if (row?.user_id) return row.user_id;
  }
  const address = typeof email === 'string' && email.length <= 1000 ? emailOrNull(email) : null;
  if (address) {
    const row = await db.selectFrom('user_emails').select('user_id').where('email', '=', address).executeTakeFirst();
    if (row) return row.user_id;
  }
  if (typeof methodId === 'string' && methodId.length <= 200) {
    const row =
      (await db.selectFrom('user_emails').select('user_id').where('email_id', '=', methodId).executeTakeFirst()) ??
      (await db.selectFrom('user_phone_numbers').select('user_id').where('phone_id', '=', methodId).executeTakeFirst());
    if (row) return row.user_id;
  }
  return null;
}

/** Records sign_in.failed (a wrong proof) or sign_in.locked (a lock) with the route, the answer and the client's address. */
export async function recordRefusedSignIn(
  db: Kysely<Database>,
  refusal: { path: string; type: ErrorType; body: unknown; sessionUserId: string | null; clientAddress: string | null; requestId: string },
  now: Date,
): Promise<void> {
  await recordEvent(
    db,
    {
      type: refusal.type === LOCKED ? 'sign_in.locked' : 'sign_in.failed',
      // A refusal within a session (confirming a change with the app's code) is its user's.
      userId: refusal.sessionUserId ?? (await targetOf(db, refusal.body)),
      data: { route: refusal.path, error_type: refusal.type, ip_address: refusal.clientAddress, request_id: refusal.requestId },
    },
    now,
  );
}
