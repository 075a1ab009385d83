import type { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from '@hono/zod-openapi';
import type { Handler, MiddlewareHandler } from 'hono';
import { ErrorResponseSchema } from '../features/openapi/schemas.js';
import type { AppEnv } from './app-env.js';
import { bodyLimit } from './body-limit.js';
import { jsonBody } from './json-body.js';
import { publicToken } from './public-token.js';

export interface RouteSpec {
  method: 'get' | 'post';
  path: string;
  summary: string;
  tag: string;
  /** 'public': X-Public-Token; 'session': X-Public-Token and Bearer session; 'none': neither. */
  auth: 'none' | 'public' | 'session' | 'public-optional-session';
  body?: z.ZodType;
  query?: z.ZodObject;
  response: z.ZodType;
  /** Error statuses this route may answer with, besides the ones every route shares. */
  errors?: number[];
}

const errorDescriptions: Record<number, string> = {
  400: 'Bad request: malformed JSON, wrong types, missing or unknown fields, or invalid values.',
  401: 'Missing or unknown X-Public-Token, or no valid session.',
  403: 'Not allowed from this client address.',
  404: 'Not found.',
  413: 'Body over 16 KiB.',
  415: 'Body is not JSON.',
  429: 'Too many requests.',
  500: 'Unexpected error (details are logged, never returned).',
  502: 'The delivery provider refused the message (delivery_failed).',
  503: 'The delivery provider could not be reached (delivery_failed) or the channel is not configured (channel_not_configured).',
};

/** Registers a route with Hono and documents it in the OpenAPI registry from the same schemas. */
export function defineRoute(
  app: OpenAPIHono<AppEnv> & { publicToken?: string },
  spec: RouteSpec,
  ...handlers: [...MiddlewareHandler<AppEnv>[], Handler<AppEnv>]
): void {
  const statuses = new Set<number>([500, ...(spec.errors ?? [])]);
  if (spec.auth !== 'none') statuses.add(401);
  if (spec.body) [400, 413, 415].forEach((status) => statuses.add(status));
  const security: Array<Record<string, string[]>> =
    spec.auth === 'none'
      ? []
      : spec.auth === 'session'
        ? [{ PublicToken: [], SessionToken: [] }]
        : spec.auth === 'public-optional-session'
          ? [{ PublicToken: [] }, { PublicToken: [], SessionToken: [] }]
          : [{ PublicToken: [] }];
  app.openAPIRegistry.registerPath({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    tags: [spec.tag],
    security,
    request: {
      ...(spec.body ? { body: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
      ...(spec.query ? { query: spec.query } : {}),
    },
    responses: {
      200: { description: 'Success.', content: { 'application/json': { schema: spec.response } } },
      ...Object.fromEntries(
        [...statuses]
          .sort()
          .map((status) => [status, { description: errorDescriptions[status] ?? 'Error.', content: { 'application/json': { schema: ErrorResponseSchema } } }]),
      ),
    },
  });
  const before: MiddlewareHandler<AppEnv>[] = [];
  if (spec.auth !== 'none') {
    if (!app.publicToken) throw new Error('defineRoute: app.publicToken is not set.');
    before.push(publicToken(app.publicToken));
  }
  if (spec.body) before.push(bodyLimit(), jsonBody());
  const on = app.on.bind(app) as unknown as (method: string, path: string, ...chain: Array<MiddlewareHandler<AppEnv> | Handler<AppEnv>>) => void;
  on(spec.method.toUpperCase(), spec.path, ...before, ...handlers);
}
