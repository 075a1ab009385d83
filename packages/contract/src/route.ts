import type { z } from 'zod';
import type { ErrorType } from './errors.js';

/**
 * Who may call a route. 'public': the X-Public-Token header; 'session': that and a Bearer session;
 * 'public-optional-session': a Bearer session is used when present (a sign-in adds its factor to
 * it); 'none': neither (documents and development routes).
 */
export type RouteAuth = 'none' | 'public' | 'session' | 'public-optional-session';

/** One route of the wire contract: the server serves it, validates with it and documents it. */
export interface RouteDef {
  method: 'get' | 'post';
  path: string;
  summary: string;
  /** The OpenAPI tag: the feature's name as people read it. */
  tag: string;
  auth: RouteAuth;
  /** JSON body schema (POST). */
  request?: z.ZodType;
  /** Query string schema (GET). */
  query?: z.ZodObject;
  response: z.ZodType;
  /** The error_types this route answers with besides those every route shares (bad_request, invalid_public_token, …). */
  errors: readonly ErrorType[];
}

/** Declares a route, keeping its literal types (method, path, schemas) for the derived maps. */
export function route<const R extends RouteDef>(definition: R): R {
  return definition;
}

type RouteKey<R extends RouteDef> = `${Uppercase<R['method']>} ${R['path']}`;

/** "METHOD path" → { request, response } types, derived from a list of routes. */
export type RouteMap<Routes extends RouteDef> = {
  [R in Routes as RouteKey<R>]: {
    request: R['request'] extends z.ZodType ? z.input<R['request']> : R['query'] extends z.ZodObject ? z.input<R['query']> : void;
    response: z.output<R['response']>;
  };
};
