import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '@vestibule/contract';
import { newId } from '../security/random-token.js';
import type { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';

/** Writes an ApiError as the ErrorResponse body every error shares. */
export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  let requestId = c.get('requestId');
  if (!requestId) {
    requestId = newId('request');
    c.set('requestId', requestId);
  }
  const body: ErrorResponse = {
    status_code: error.status,
    request_id: requestId,
    error_type: error.errorType,
    error_message: error.message,
  };
  const response = c.json(body, error.status as ContentfulStatusCode);
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  response.headers.set('X-Request-Id', requestId);
  return response;
}
