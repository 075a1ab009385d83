import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../kernel/api-error.js';
import { isRefusedSignIn, recordRefusedSignIn } from '../kernel/audit/refused-sign-ins.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { errorResponse } from './error-response.js';
import { CallerGone } from './read-body.js';
import { isDatabaseUnreachable } from '../storage/database-unreachable.js';

/** When a caller refused for an unreachable database may try again: long enough for a restart or a failover to be under way. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Maps every thrown error to an ErrorResponse; unexpected ones become a logged, detail-free 500.
 * A refused sign-in (a wrong proof, a lock) is recorded for the operators' events here, where every
 * sign-in route's refusal passes, rather than in each of them.
 */
export function errorHandler(deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'metrics'>): ErrorHandler<AppEnv> {
  const { log } = deps;
  return async (error, c) => {
    if (error instanceof ApiError) {
      if (isRefusedSignIn(c.req.path, error.errorType)) {
        deps.metrics.signInRefused(c.req.path, error.errorType);
        const refusal = {
          path: c.req.path,
          type: error.errorType,
          body: c.get('body'),
          sessionUserId: c.get('session')?.user_id ?? null,
          clientAddress: c.get('clientAddress'),
          requestId: c.get('requestId'),
        };
        // The refusal is answered whether or not its record could be written.
        await recordRefusedSignIn(deps.db, refusal, deps.clock()).catch((failure: Error) =>
          log.error('Could not record a refused sign-in.', { request_id: refusal.requestId, message: failure.message }),
        );
      }
      return errorResponse(c, error);
    }
    if (error instanceof HTTPException && error.status < 500) {
      if (error.status === 413) return errorResponse(c, new ApiError('payload_too_large'));
      return errorResponse(c, new ApiError('bad_request', error.message || 'Bad request.', {}, error.status));
    }
    // Nothing to log but the request's own line, which says the connection closed first (a 499).
    if (error instanceof CallerGone) return new Response(null, { status: 499 });
    if (isDatabaseUnreachable(error)) {
      log.warn('The database did not answer; the call was refused with 503 database_unavailable.', {
        request_id: c.get('requestId'),
        path: c.req.path,
        message: (error as Error).message,
      });
      return errorResponse(c, new ApiError('database_unavailable', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
    }
    log.error('Unhandled error', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return errorResponse(c, new ApiError('internal_server_error'));
  };
}

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) => errorResponse(c, new ApiError('not_found', `No route ${c.req.method} ${c.req.path}.`));
