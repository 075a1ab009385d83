import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { allErrors, ErrorResponseSchema, OAuthErrorSchema, SignInResponseSchema, type ErrorType, type OAuthRouteDef, type RouteDef } from '@vestibule/contract';
import type { AppEnv } from './app-env.js';
import { bodyLimit } from './body-limit.js';
import { bodyArrived, jsonBody } from './json-body.js';
import { withLoginStatus } from './login-status.js';
import { publicToken } from './public-token.js';
import { validateBody, validateParams, validateQuery } from './validate-body.js';

/** The error_types any route may answer with, by what it takes. */
function sharedErrors(route: RouteDef): ErrorType[] {
  const shared: ErrorType[] = ['internal_server_error'];
  if (route.auth !== 'none' && route.auth !== 'management') shared.push('invalid_public_token');
  if (route.auth === 'session') shared.push('user_unauthenticated', 'session_not_found');
  if (route.auth === 'management') shared.push('invalid_management_credentials', 'not_an_operator', 'too_many_requests');
  // An operator's session changes nothing without a recent sign-in (http/management-auth.ts).
  if (route.auth === 'management' && route.method !== 'get') shared.push('reauthentication_required');
  if (route.request || route.query || route.params) shared.push('bad_request');
  if (route.request) shared.push('payload_too_large', 'unsupported_media_type');
  return shared;
}

/** error_types grouped by their HTTP status (delivery_failed is also 503: unreachable provider). */
function errorsByStatus(route: RouteDef): Map<number, ErrorType[]> {
  const byStatus = new Map<number, ErrorType[]>();
  const add = (status: number, type: ErrorType) => byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), type])]);
  for (const type of [...sharedErrors(route), ...route.errors]) {
    add(allErrors[type].status, type);
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
        ...(status === 401 && route.bearer
          ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' as const }, description: 'Bearer error="invalid_token"' } } }
          : {}),
        content: { 'application/json': { schema: OAuthErrorSchema } },
      },
    ]),
  );
}

const security: Record<RouteDef['auth'], Array<Record<string, string[]>>> = {
  none: [],
  public: [{ PublicToken: [] }],
  session: [{ PublicToken: [], SessionToken: [] }],
  'public-optional-session': [{ PublicToken: [] }, { PublicToken: [], SessionToken: [] }],
  management: [{ ManagementKey: [] }, { OperatorSession: [] }],
};

/** Hono's form of a path: OpenAPI's `{name}` becomes `:name`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * A redirect route that lists no errors (the OAuth callback) answers every failure with its
 * redirect, never with a 400: its query schema documents what it reads, and the handler reads the
 * query itself.
 */
type RedirectsEveryFailure = { kind: 'redirect'; errors: readonly [] };

function redirectsEveryFailure(route: RouteDef): boolean {
  return route.kind === 'redirect' && route.errors.length === 0;
}

/** The route's JSON body as its request schema gives it (undefined when it declares none). */
export type RouteBody<R extends RouteDef> = R extends { request: infer S extends z.ZodType } ? z.output<S> : undefined;

/** The route's query as its query schema gives it (undefined when it declares none or reads it itself). */
export type RouteQuery<R extends RouteDef> = R extends RedirectsEveryFailure
  ? undefined
  : R extends { query: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

/** A success answer of the route without the two fields every one of them carries. */
type AnswerFields<R extends RouteDef> = R extends { response: infer S extends z.ZodType }
  ? z.output<S> extends infer A
    ? A extends { status_code: 200; request_id: string }
      ? Omit<A, 'status_code' | 'request_id'>
      : never
    : never
  : never;

/** The route's path parameters as its params schema gives them (undefined when it declares none). */
export type RouteParams<R extends RouteDef> = R extends { params: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What defineRoute hands a route's handler besides the context. */
export interface RouteInput<R extends RouteDef> {
  body: RouteBody<R>;
  query: RouteQuery<R>;
  params: RouteParams<R>;
  /**
   * Answers 200 with the route's response: status_code 200 and this request's request_id, then
   * the fields given. Only for routes whose response carries those two (not the health check,
   * the JWKS, the OAuth routes' own formats or redirects).
   */
  ok: (...fields: Partial<AnswerFields<R>> extends AnswerFields<R> ? [fields?: AnswerFields<R>] : [fields: AnswerFields<R>]) => Response;
}

/** A route's last handler: the context and the route's validated input. */
export type RouteHandler<R extends RouteDef> = (c: Context<AppEnv>, input: RouteInput<R>) => Response | Promise<Response>;

/**
 * Serves a route of the contract: registers it with Hono behind the checks its declaration asks
 * for (public token, body size and JSON) and documents it in the OpenAPI registry from the same
 * schemas, with every error_type it may answer listed under its status.
 *
 * The last handler is called as `(c, { body, query, params, ok })`, typed from the route: `body`
 * is the JSON body validated with route.request, `query` the query string validated with
 * route.query, `params` the path's parameters validated with route.params (each 400 bad_request
 * naming the field at fault, validate-body.ts), and `ok(fields)` answers the
 * route's success response with status_code and request_id filled in. The validation runs after
 * the handlers before the last one (sessionAuth: a call without a session is 401 whatever its
 * body) and before the last one starts, so a handler never sees a body or query its route refuses.
 * A last handler may take `c` alone and ignore the rest.
 */
export function defineRoute<R extends RouteDef>(
  app: OpenAPIHono<AppEnv> & { publicToken?: string; managementAuth?: MiddlewareHandler<AppEnv> },
  route: R,
  ...handlers: [...MiddlewareHandler<AppEnv>[], RouteHandler<R>]
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
      ...(route.params ? { params: route.params } : {}),
      ...((route.kind === 'redirect' || route.kind === 'oauth') && route.form
        ? { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: route.form } } } }
        : {}),
    },
    responses: {
      ...(route.kind === 'redirect'
        ? { 302: { description: route.redirect, headers: { Location: { schema: { type: 'string' } } } } }
        : {
            200: {
              description: route.kind === 'oauth' ? 'Success (Cache-Control: no-store).' : 'Success.',
              content: { 'application/json': { schema: route.response } },
            },
          }),
      ...(route.kind === 'oauth' ? oauthErrorResponses(route) : {}),
      ...Object.fromEntries(
        statuses.map(([status, types]) => [status, { description: types.join(', '), content: { 'application/json': { schema: ErrorResponseSchema } } }]),
      ),
    },
  });
  // The body first: credentials are checked once it has arrived, when the change is made (json-body.ts).
  const before: MiddlewareHandler<AppEnv>[] = route.request ? [bodyArrived()] : [];
  if (route.auth !== 'none' && route.auth !== 'management') {
    if (!app.publicToken) throw new Error('defineRoute: app.publicToken is not set.');
    before.push(publicToken(app.publicToken));
  }
  if (route.auth === 'management') {
    if (!app.managementAuth) throw new Error('defineRoute: app.managementAuth is not set.');
    before.push(app.managementAuth);
  }
  if (route.request) before.push(jsonBody());
  else if ((route.kind === 'redirect' || route.kind === 'oauth') && route.form) before.push(bodyLimit());
  const middlewares = handlers.slice(0, -1) as MiddlewareHandler<AppEnv>[];
  const handler = handlers.at(-1) as RouteHandler<R>;
  const query = route.query && !redirectsEveryFailure(route) ? route.query : undefined;
  const serve: Handler<AppEnv> = (c) => {
    // The path first: what it names is the first thing a wrong call gets wrong.
    const input = {
      params: route.params ? validateParams(c, route.params) : undefined,
      body: route.request ? validateBody(c, route.request) : undefined,
      query: query ? validateQuery(c, query) : undefined,
      ok: (fields?: object) => c.json({ status_code: 200, request_id: c.get('requestId'), ...fields }),
    };
    const answer = handler(c, input as unknown as RouteInput<R>);
    // Every sign-in route answers a SignInResponse: one place tells the browser of the sign-in.
    return 'response' in route && route.response === SignInResponseSchema ? Promise.resolve(answer).then(withLoginStatus) : answer;
  };
  const on = app.on.bind(app) as unknown as (method: string, path: string, ...chain: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) => void;
  on(route.method.toUpperCase(), honoPath(route.path), ...before, ...middlewares, serve);
}
