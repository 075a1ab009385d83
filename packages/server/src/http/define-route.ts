import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Handler, MiddlewareHandler } from 'hono';
import { errorCatalogue, ErrorResponseSchema, OAuthErrorSchema, type ErrorType, type OAuthRouteDef, type RouteDef } from '@vestibule/contract';
import type { AppEnv } from './app-env.js';
import { bodyLimit } from './body-limit.js';
import { jsonBody } from './json-body.js';
import { publicToken } from './public-token.js';

/** The error_types any route may answer with, by what it takes. */
function sharedErrors(route: RouteDef): ErrorType[] {
  const shared: ErrorType[] = ['internal_server_error'];
  if (route.auth !== 'none') shared.push('invalid_public_token');
  if (route.auth === 'session') shared.push('user_unauthenticated', 'session_not_found');
  if (route.request) shared.push('bad_request', 'payload_too_large', 'unsupported_media_type');
  return shared;
}

/** error_types grouped by their HTTP status (delivery_failed is also 503: unreachable provider). */
function errorsByStatus(route: RouteDef): Map<number, ErrorType[]> {
  const byStatus = new Map<number, ErrorType[]>();
  const add = (status: number, type: ErrorType) => byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), type])]);
  for (const type of [...sharedErrors(route), ...route.errors]) {
    add(errorCatalogue[type].status, type);
    if (type === 'delivery_failed') add(503, type);
  }
  return byStatus;
}

/** An OAuth route's error answers: RFC 6749 shape, 401 for client and token errors, 429 for a rate limit, 400 otherwise. */
function oauthErrorResponses(route: OAuthRouteDef) {
  const byStatus = new Map<number, string[]>();
  for (const error of route.oauthErrors) {
    const status = error === 'invalid_client' || error === 'invalid_token' ? 401 : error === 'too_many_requests' ? 429 : 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), error]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, errors]) => [
      status,
      {
        description: errors.join(', '),
        ...(status === 401 && route.bearer ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' as const }, description: 'Bearer error="invalid_token"' } } } : {}),
        content: { 'application/json': { schema: OAuthErrorSchema } },
      },
    ]),
  );
}

const security: Record<RouteDef['auth'], Array<Record<string, string[]>>> = { none: [], public: [{ PublicToken: [] }], session: [{ PublicToken: [], SessionToken: [] }], 'public-optional-session': [{ PublicToken: [] }, { PublicToken: [], SessionToken: [] }] };

/**
 * Serves a route of the contract: registers it with Hono behind the checks its declaration asks
 * for (public token, body size and JSON) and documents it in the OpenAPI registry from the same
 * schemas, with every error_type it may answer listed under its status.
 */
export function defineRoute(
  app: OpenAPIHono<AppEnv> & { publicToken?: string },
  route: RouteDef,
  ...handlers: [...MiddlewareHandler<AppEnv>[], Handler<AppEnv>]
): void {
  const statuses = [...errorsByStatus(route)].sort(([a], [b]) => a - b);
  app.openAPIRegistry.registerPath({
    method: route.method,
    path: route.path,
    summary: route.summary,
    tags: [route.tag],
    security: route.kind === 'oauth' && route.bearer ? [{ AccessToken: [] }] : security[route.auth],
    request: {
      ...(route.request ? { body: { required: true, content: { 'application/json': { schema: route.request } } } } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...((route.kind === 'redirect' || route.kind === 'oauth') && route.form ? { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: route.form } } } } : {}),
    },
    responses: {
      ...(route.kind === 'redirect'
        ? { 302: { description: route.redirect, headers: { Location: { schema: { type: 'string' } } } } }
        : { 200: { description: route.kind === 'oauth' ? 'Success (Cache-Control: no-store).' : 'Success.', content: { 'application/json': { schema: route.response } } } }),
      ...(route.kind === 'oauth' ? oauthErrorResponses(route) : {}),
      ...Object.fromEntries(
        statuses.map(([status, types]) => [status, { description: types.join(', '), content: { 'application/json': { schema: ErrorResponseSchema } } }]),
      ),
    },
  });
  const before: MiddlewareHandler<AppEnv>[] = [];
  if (route.auth !== 'none') {
    if (!app.publicToken) throw new Error('defineRoute: app.publicToken is not set.');
    before.push(publicToken(app.publicToken));
  }
  if (route.request) before.push(jsonBody());
  else if ((route.kind === 'redirect' || route.kind === 'oauth') && route.form) before.push(bodyLimit());
  const on = app.on.bind(app) as unknown as (method: string, path: string, ...chain: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) => void;
  on(route.method.toUpperCase(), route.path, ...before, ...handlers);
}
