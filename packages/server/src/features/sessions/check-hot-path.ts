import { sessionRoutes } from '@vestibule/contract';
import type { AppDeps } from '../../http/app-env.js';
import { bearerFrom } from '../../http/bearer.js';
import { MAX_BODY_BYTES } from '../../http/body-limit.js';
import { noteNodeAnswer } from '../../http/answered-requests.js';
import { corsAnswerHeaders } from '../../http/cors.js';
import { parseJsonBody } from '../../http/json-body.js';
import type { HotPath } from '../../http/node-listener.js';
import { readBodyAhead } from '../../http/read-body.js';
import { nodeHeader } from '../../http/request-header.js';
import { NO_SNIFF, NO_STORE } from '../../http/security-headers.js';
import { sessionDurationMinutes } from '../../kernel/durations.js';
import { newId } from '../../security/random-token.js';
import { answerCheck } from './check.js';
import { LOGGED_IN } from '../../http/login-status.js';

/** Where the session check is served (the contract's route). */
export const CHECK_PATH = `${sessionRoutes.authenticate.method.toUpperCase()} ${sessionRoutes.authenticate.path}`;

/**
 * The session check without the Hono app (http/node-listener.ts): through the app a check cost
 * about twice as much, most of it the app's fixed cost per call (bench/server.ts). It answers a
 * check of a live session with a valid body, exactly as the route in routes.ts would; anything
 * else (no or a wrong public token, no session, a body of another length, type or shape, a
 * duration out of range) goes on to that route, which words the error.
 */
export function checkHotPath(deps: AppDeps): HotPath {
  const cors = corsAnswerHeaders(deps.config.project.allowedOrigins);
  return async (request, response) => {
    if (nodeHeader(request, 'x-public-token') !== deps.config.project.publicToken) return false;
    const token = bearerFrom(nodeHeader(request, 'authorization'));
    const declared = nodeHeader(request, 'content-length');
    // A body without a Content-Length (chunked) or over the limit is the app's to refuse or read.
    if (!token || declared === undefined || !(Number(declared) <= MAX_BODY_BYTES)) return false;
    // Noted before the body is read: a caller gone mid-body is still reported with its route and id.
    const requestId = newId('request');
    noteNodeAnswer(request, sessionRoutes.authenticate.path, requestId);
    let text: string;
    try {
      text = await readBodyAhead(request);
    } catch {
      response.destroy(); // the caller went away mid-body: there is no one to answer
      return true;
    }
    let durationMinutes: number | undefined;
    try {
      const body = sessionRoutes.authenticate.request.parse(parseJsonBody(text, nodeHeader(request, 'content-type')));
      durationMinutes = body.session_duration_minutes === undefined ? undefined : sessionDurationMinutes(deps.config.project, body.session_duration_minutes);
    } catch {
      return false;
    }
    const session = await deps.sessions.find(token, deps.clock());
    if (!session) return false;
    const answer = await answerCheck(deps, { session, token, durationMinutes, requestId });
    if (answer === null) return false;
    response.writeHead(200, {
      'Content-Type': 'application/json',
      ...cors(nodeHeader(request, 'origin')),
      'X-Request-Id': requestId,
      ...NO_SNIFF,
      ...NO_STORE,
      ...LOGGED_IN,
      'Content-Length': Buffer.byteLength(answer),
    });
    response.end(answer);
    return true;
  };
}
