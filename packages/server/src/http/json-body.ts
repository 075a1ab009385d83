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

const hasBody = (method: string) => method === 'POST' || method === 'PATCH';

/**
 * Waits for a POST or PATCH body to arrive, whole, into c.var.bodyText (a body over 16 KiB is 413),
 * before the call's credentials are checked: a change is made when its body is in, and a caller who
 * sent the headers and held the body back for minutes had their key or session checked before then,
 * so a key revoked meanwhile still made a new key.
 */
export function bodyArrived(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (hasBody(c.req.method)) c.set('bodyText', await readBodyText(c));
    return next();
  };
}

/** Parses the body bodyArrived read as JSON into c.var.body (parseJsonBody), after the route's door (public token, management credentials): a stranger's junk is 401, not 400. */
export function jsonBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasBody(c.req.method)) return next();
    c.set('body', parseJsonBody(c.get('bodyText') ?? (await readBodyText(c)), requestHeader(c, 'Content-Type')));
    return next();
  };
}
