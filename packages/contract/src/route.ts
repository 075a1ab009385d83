import type { z } from 'zod';
import type { ErrorType } from './errors.js';

/**
 * Who may call a route. 'public': the X-Public-Token header; 'session': that and a Bearer session;
 * 'public-optional-session': a Bearer session is used when present (a sign-in adds its factor to
 * it); 'management': `Authorization: Bearer` with a management secret key or the session of one of
 * the project's operators, no public token (the management API under /v1); 'none': neither
 * (documents and development routes).
 */
export type RouteAuth = 'none' | 'public' | 'session' | 'public-optional-session' | 'management';

/** What every route of the wire contract declares: the server serves it, validates with it and documents it. */
interface RouteBase {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI's form: a path parameter is written `{name}` and declared in `params`. */
  path: string;
  summary: string;
  /** The OpenAPI tag: the feature's name as people read it. */
  tag: string;
  auth: RouteAuth;
  /** JSON body schema (POST). */
  request?: z.ZodType;
  /** Query string schema (GET). */
  query?: z.ZodObject;
  /** The path's parameters (`{name}` in path), every one a string schema. */
  params?: z.ZodObject;
  /** The error_types this route answers with besides those every route shares (bad_request, invalid_public_token, …). */
  errors: readonly ErrorType[];
}

/** A route called with fetch: it answers JSON. */
export interface JsonRouteDef extends RouteBase {
  kind?: 'json';
  response: z.ZodType;
}

/**
 * A route the browser navigates to (a top-level GET, or a form another site's page posts): it
 * answers 302 to another site, so it has no JSON answer and no place in the client's typed route
 * map. Its errors are still JSON.
 */
export interface RedirectRouteDef extends RouteBase {
  kind: 'redirect';
  method: 'get' | 'post';
  /** Form body schema (application/x-www-form-urlencoded) of a posted one. */
  form?: z.ZodObject;
  /** Where the 302 leads, for the OpenAPI document. */
  redirect: string;
}

/**
 * A route in OAuth's own wire format (RFC 6749/6750/7009): a form body (application/x-www-form-urlencoded)
 * or none, a JSON answer of its own shape, errors as `{ "error", "error_description" }` (never the
 * ErrorResponse) and Cache-Control: no-store. Called by relying parties' servers, not by our client.
 */
export interface OAuthRouteDef extends RouteBase {
  kind: 'oauth';
  form?: z.ZodObject;
  response: z.ZodType;
  /** The OAuth error codes it answers with (400, or 401 for invalid_client and invalid_token). */
  oauthErrors: readonly string[];
  /** Takes an `Authorization: Bearer` access token (RFC 6750). */
  bearer?: boolean;
}

export type RouteDef = JsonRouteDef | RedirectRouteDef | OAuthRouteDef;

/** Declares a route, keeping its literal types (method, path, schemas) for the derived maps. */
export function route<const R extends RouteDef>(definition: R): R {
  return definition;
}

type RouteKey<R extends RouteDef> = `${Uppercase<R['method']>} ${R['path']}`;

/** "METHOD path" → { request, response } types of the JSON routes, derived from a list of routes. */
export type RouteMap<Routes extends RouteDef> = {
  [R in Extract<Routes, JsonRouteDef> as RouteKey<R>]: {
    // A route without a body or query is called with no argument, which only void allows.
    // biome-ignore lint/suspicious/noConfusingVoidType: see above
    request: R['request'] extends z.ZodType ? z.input<R['request']> : R['query'] extends z.ZodObject ? z.input<R['query']> : void;
    response: z.output<R['response']>;
    /** The path's parameters (management routes such as `GET /v1/users/{user_id}`). */
    params: R['params'] extends z.ZodObject ? z.input<R['params']> : undefined;
  };
};
