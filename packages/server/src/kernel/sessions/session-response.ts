import type { SessionResponse, User } from '@vestibule/contract';
import type { AppDeps } from '../../http/app-env.js';
import type { SessionRow } from '../../storage/database.js';
import { getUser } from '../users.js';
import { signSessionJwt } from './session-jwt.js';
import { toSession } from './sessions-store.js';

/**
 * Builds the SessionResponse every sign-in and refresh returns. A sign-in reads the user from the
 * database (it may just have changed it); a session check passes the user its instance holds.
 */
export async function sessionResponse(deps: AppDeps, requestId: string, row: SessionRow, token: string, known?: User | null): Promise<SessionResponse> {
  const user = known === undefined ? await getUser(deps.db, row.user_id) : known;
  if (!user) throw new Error(`Session ${row.session_id} names a missing user.`);
  const session = toSession(row);
  const session_jwt = await signSessionJwt(deps.keyring, {
    issuer: deps.config.publicUrl,
    project: deps.config.project,
    session,
    now: deps.clock(),
  });
  return { status_code: 200, request_id: requestId, user_id: row.user_id, user, session, session_token: token, session_jwt };
}
