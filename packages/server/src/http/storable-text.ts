import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

/**
 * Text the database cannot hold: PostgreSQL's text type refuses U+0000 (a 500 when it reached a
 * query), and an unpaired UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD in its
 * place, so what was read back would not be what was sent). Other control characters are stored
 * as sent and logged escaped.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function what(text: string): string {
  return text.includes('\u0000') ? 'a NUL character (U+0000)' : 'an unpaired surrogate (half of a UTF-16 pair)';
}

/** The first string (or object key) in a parsed JSON value that the database could not hold, with where it is. */
function findUnstorable(value: unknown, path: string): { path: string; text: string } | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? { path, text: value } : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return { path: at, text: key };
      const found = findUnstorable(item, at);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses (400 bad_request, naming the field and the character) a request value holding text the
 * database cannot hold. `kind` says what the names are: 'Field' for a body, 'Query parameter' for
 * a query string.
 */
export function refuseUnstorableText(value: unknown, kind: 'Field' | 'Query parameter' | 'Form field'): void {
  const found = findUnstorable(value, '');
  if (!found) return;
  const where = found.path ? `${kind} ${found.path}` : 'The request body';
  throw new ApiError('bad_request', `${where} contains ${what(found.text)}, which is not accepted in any text.`);
}

/** Refuses every request whose query string holds text the database cannot hold, whichever route reads it. */
export function storableQuery(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.url.includes('?')) return next();
    // Every value of a repeated name, named once.
    refuseUnstorableText(Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.join('&')])), 'Query parameter');
    return next();
  };
}
