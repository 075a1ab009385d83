import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';
import { readBodyText } from './read-body.js';
import { requestHeader } from './request-header.js';

const jsonType = /^application\/([\w.-]+\+)?json$/i;

/**
 * Reads a POST body as JSON into c.var.body. An empty body counts as {}; a body over 16 KiB is 413;
 * a body of another media type is 415; text that is not JSON is 400 bad_request.
 */
export function jsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const text = await readBodyText(c);
    if (text.trim() === '') {
      c.set('body', {});
      return next();
    }
    const mediaType = (requestHeader(c, 'Content-Type') ?? '').split(';')[0]!.trim();
    if (!jsonType.test(mediaType)) throw new ApiError('unsupported_media_type');
    try {
      c.set('body', JSON.parse(text));
    } catch {
      throw new ApiError('bad_request', 'Request body is not valid JSON.');
    }
    return next();
  };
}
