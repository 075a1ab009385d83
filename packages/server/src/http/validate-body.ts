import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';
import { refuseUnstorableText } from './storable-text.js';

function fieldName(path: PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');
}

function valueAt(root: unknown, path: PropertyKey[]): { present: boolean } {
  let current: unknown = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part as string)) return { present: false };
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return { present: true };
}

/** A message that names the field at fault, for the first issue zod found. */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const names = issue.keys.map((key) => (field ? `${field}.${key}` : key));
      return `Unknown field${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`;
    }
    case 'invalid_type':
      if (!field) return `Request body must be a JSON ${issue.expected}.`;
      if (!valueAt(input, issue.path).present) return `Missing required field: ${field}.`;
      return `Field ${field} must be ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}.`;
    default:
      return field ? `Field ${field} is invalid: ${issue.message}.` : `Request body is invalid: ${issue.message}.`;
  }
}

/** Validates the parsed JSON body against a strict zod schema; any problem is 400 bad_request. */
export function validateBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const raw = c.get('body');
  const input = raw === undefined ? {} : raw;
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError('bad_request', describeIssue(result.error.issues[0]!, input));
  return result.data;
}

/** Validates a GET route's query string (first value of each name) the same way; 400 bad_request. */
export function validateQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const input = c.req.query();
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ApiError(
      'bad_request',
      describeIssue(result.error.issues[0]!, input).replace(/\bfield/gi, (word) => `${word === 'Field' ? 'Query parameter' : 'query parameter'}`),
    );
  return result.data;
}

/** Validates a route's path parameters (`{name}` in its path) the same way; 400 bad_request. */
export function validateParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const input = c.req.param() as Record<string, string>;
  // A NUL or half a surrogate pair in an id is nothing the database can even look up.
  refuseUnstorableText(input, 'Path parameter');
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ApiError(
      'bad_request',
      describeIssue(result.error.issues[0]!, input).replace(/\bfield/gi, (word) => `${word === 'Field' ? 'Path parameter' : 'path parameter'}`),
    );
  return result.data;
}
