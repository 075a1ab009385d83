import type { Kysely } from 'kysely';
import { ApiError } from '../api-error.js';
import type { SessionResponse } from '@vestibule/contract';
import type { ServerConfig } from '../../config/server-config.js';
import type { Database, SessionRow } from '../../storage/database.js';
import type { SigningKeyring } from '../keyring.js';
import { getUser, type UserPart } from '../users.js';
import { signSessionJwt } from './session-jwt.js';
import { toSession } from './sessions-store.js';

/** What a session's answer is made from: the user in the database (with the features' parts), and the session JWT's key, issuer and project. */
export interface SessionResponseDeps {
  db: Kysely<Database>;
  userParts: readonly UserPart[];
  config: Pick<ServerConfig, 'publicUrl' | 'project'>;
  keyring: SigningKeyring;
  clock: () => Date;
}

/** A new session JWT for the session as `row` has it. */
export function sessionJwtFor(deps: SessionResponseDeps, row: SessionRow, now: Date = deps.clock()): Promise<string> {
  return signSessionJwt(deps.keyring, { issuer: deps.config.publicUrl, project: deps.config.project, session: toSession(row), now });
}

/**
 * Builds the SessionResponse every sign-in returns: the user read from the database (the sign-in
 * may just have changed it) and a new JWT. A session check answers the same fields from what its
 * instance holds (features/sessions/check.ts).
 */
export async function sessionResponse(deps: SessionResponseDeps, requestId: string, row: SessionRow, token: string): Promise<SessionResponse> {
  const user = await getUser(deps, row.user_id);
  // Deleted (the account page, on any instance) just after the session was written, which went with it.
  if (!user) throw new ApiError('unauthorized_credentials', 'This account was deleted.');
  const session_jwt = await sessionJwtFor(deps, row);
  return { status_code: 200, request_id: requestId, user_id: row.user_id, user, session: toSession(row), session_token: token, session_jwt };
}
