import type { Kysely } from 'kysely';
import { ApiError } from '../../kernel/api-error.js';
import { consumeToken, issueToken, type UsedSecret } from '../../kernel/one-time-secrets.js';
import type { Database } from '../../storage/database.js';

/** A challenge works once, for 5 minutes: as long as the browser's dialog is allowed to wait. */
export const CHALLENGE_MINUTES = 5;

/** The one-time-secret purpose of each ceremony's challenges: one cannot finish the other. */
export type Ceremony = 'webauthn_registration' | 'webauthn_authentication';

/** What a start decided and its finish must hold the browser's answer to. */
export interface ChallengeBound {
  userVerification: 'required' | 'preferred';
  /** Asked for an address with no passkey (identifier-first's stand-in): no credential answers it. */
  nobody?: true;
}

/**
 * A new challenge: a one-time token whose bytes the browser signs. Registration challenges are
 * bound to the session's user; an authentication challenge is bound to a user only when its start
 * listed that user's credentials.
 */
export function issueChallenge(db: Kysely<Database>, ceremony: Ceremony, input: { userId: string | null; bound: ChallengeBound; now: Date }): Promise<string> {
  return issueToken(db, { purpose: ceremony, userId: input.userId, bound: input.bound, expirationMinutes: CHALLENGE_MINUTES, now: input.now });
}

/** The token's bytes, as the WebAuthn library takes a challenge (it sends them back base64url, that is the token). */
export const challengeBytes = (challenge: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(challenge, 'base64url'));

/**
 * The challenge the browser signed, read from clientDataJSON before anything is verified. A ceremony
 * run in a frame of another site (crossOrigin true) is refused: no page here embeds the widgets
 * across sites for passkeys, and a browser that does not report the top origin (Safari) would
 * otherwise let any site frame one.
 */
function signedChallenge(clientDataJSON: string): string {
  let data: { challenge?: unknown; crossOrigin?: unknown } | null;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as typeof data;
  } catch {
    throw new ApiError('invalid_webauthn_response', 'clientDataJSON is not JSON.');
  }
  const challenge = data?.challenge;
  if (typeof challenge !== 'string' || challenge === '') throw new ApiError('invalid_webauthn_response', 'clientDataJSON has no challenge.');
  if (data?.crossOrigin === true) throw new ApiError('invalid_webauthn_response', 'The ceremony ran in a frame of another site.');
  return challenge;
}

/**
 * Uses the challenge the response names, once (one conditional UPDATE, so of parallel finishes
 * exactly one gets it); 401 webauthn_challenge_not_found when it is unknown, used, expired or of
 * the other ceremony. The response is verified against it afterwards.
 */
export async function consumeChallenge(
  db: Kysely<Database>,
  ceremony: Ceremony,
  clientDataJSON: string,
  now: Date,
): Promise<UsedSecret<ChallengeBound> & { challenge: string }> {
  const challenge = signedChallenge(clientDataJSON);
  const used = await consumeToken<ChallengeBound>(db, ceremony, challenge, now);
  if (!used) throw new ApiError('webauthn_challenge_not_found');
  return { ...used, challenge };
}
