import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';
import { readBodyText } from './read-body.js';
import { requestHeader } from './request-header.js';
import { refuseUnstorableText } from './storable-text.js';

const jsonType = /^application\/([\w.-]+\+)?json$/i;

/**
 * A body's text as JSON. An empty body counts as {}; a body of another media type is 415
 * unsupported_media_type; text that is not JSON, or text no database can hold (storable-text.ts),
 * is 400 bad_request.
 */
export function parseJsonBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return {};
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!jsonType.test(mediaType)) throw new ApiError('unsupported_media_type');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'Request body is not valid JSON.');
  }
  refuseUnstorableText(body, 'Field');
  return body;
}

/** Reads a POST or PATCH body as JSON into c.var.body (parseJsonBody); a body over 16 KiB is 413. */
export function jsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PATCH') return next();
    c.set('body', parseJsonBody(await readBodyText(c), requestHeader(c, 'Content-Type')));
    return next();
  };
}
