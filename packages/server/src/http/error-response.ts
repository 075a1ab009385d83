import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '@vestibule/contract';
import { newId } from '../security/random-token.js';
import type { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';

/** The body every error answer shares, whoever writes it (Hono here, a raw connection in unreadable-requests.ts). */
export function errorBody(status: number, requestId: string, errorType: ErrorResponse['error_type'], message: string): ErrorResponse {
  return { status_code: status, request_id: requestId, error_type: errorType, error_message: message };
}

/** Writes an ApiError as the ErrorResponse body every error shares. */
export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  let requestId = c.get('requestId');
  if (!requestId) {
    requestId = newId('request');
    c.set('requestId', requestId);
  }
  const response = c.json(errorBody(error.status, requestId, error.errorType, error.message), error.status as ContentfulStatusCode);
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  response.headers.set('X-Request-Id', requestId);
  return response;
}
