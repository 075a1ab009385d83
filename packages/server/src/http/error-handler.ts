import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../kernel/api-error.js';
import type { Logger } from '../kernel/logger.js';
import type { AppEnv } from './app-env.js';
import { errorResponse } from './error-response.js';

/** Maps every thrown error to an ErrorResponse; unexpected ones become a logged, detail-free 500. */
export function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      if (error.status === 413) return errorResponse(c, new ApiError('payload_too_large'));
      return errorResponse(c, new ApiError('bad_request', error.message || 'Bad request.', {}, error.status));
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
