import type { AppDeps } from '../../http/app-env.js';
import { sessionJwtFor } from '../../kernel/sessions/session-response.js';
import type { SessionRow } from '../../storage/database.js';

/** A found session, the token that named it, the duration asked for (if any) and the request's id. */
export interface CheckInput {
  session: SessionRow;
  token: string;
  durationMinutes: number | undefined;
  requestId: string;
}

/**
 * The answer to a session check, as the JSON text of a SessionResponse (null when the session ended
 * since it was found). The route and the hot path both answer with it. It is put together from
 * the pieces the instance keeps as JSON (kernel/sessions/live-sessions.ts): serialising the user
 * and the session on every check was a visible part of its cost. Same fields, in the same order,
 * as sessionResponse (kernel/sessions/session-response.ts) gives a sign-in.
 */
export async function answerCheck(deps: AppDeps, { session, token, durationMinutes, requestId }: CheckInput): Promise<string | null> {
  const now = deps.clock();
  const updated = await deps.sessions.touch(session, token, now, durationMinutes);
  if (!updated) return null;
  const { kid } = await deps.keyring.active();
  // A check may answer a session JWT signed up to this long ago (LiveSessions.sessionJwt): a tenth
  // of its lifetime, at most 30 s, so an answered JWT has at least 90% of its life left.
  const reuseMs = Math.min(30_000, (deps.config.project.sessionJwtMinutes * 60_000) / 10);
  const sessionJwt = await deps.sessions.sessionJwt(updated, now, kid, reuseMs, () => sessionJwtFor(deps, updated, now));
  const user = await deps.sessions.userJson(updated.user_id);
  if (!user) throw new Error(`Session ${updated.session_id} names a missing user.`);
  const text = (value: string) => JSON.stringify(value);
  return (
    `{"status_code":200,"request_id":${text(requestId)},"user_id":${text(updated.user_id)},"user":${user},` +
    `"session":${deps.sessions.sessionJson(updated)},"session_token":${text(token)},"session_jwt":${text(sessionJwt)}}`
  );
}
