import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';

/**
 * Text the database cannot hold: PostgreSQL's text type refuses U+0000 (a 500 when it reached a
 * query), and an unpaired UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD in its
 * place, so what was read back would not be what was sent). Other control characters are stored
 * as sent and logged escaped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What in a text the database could not hold, in words ('a NUL character (U+0000)'); null when it can hold all of it. */
export function unstorableIn(text: string): string | null {
  if (!UNSTORABLE.test(text)) return null;
  return text.includes('\u0000') ? 'a NUL character (U+0000)' : 'an unpaired surrogate (half of a UTF-16 pair)';
}

/**
 * The first string (or object key) in a parsed JSON value that the database could not hold, with
 * where it is. Walked with a stack of its own: a body of thousands of nested arrays fits in 16 KiB
 * and would overflow the call stack of a recursive walk.
 */
function findUnstorable(root: unknown): { path: string; text: string } | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { path, text: value };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push({ value: value[index], path: `${path}[${index}]` });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value).reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return { path: at, text: key };
        pending.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/**
 * Refuses (400 bad_request, naming the field and the character) a request value holding text the
 * database cannot hold. `kind` says what the names are: 'Field' for a body, 'Query parameter' for
 * a query string.
 */
export function refuseUnstorableText(value: unknown, kind: 'Field' | 'Query parameter' | 'Path parameter' | 'Form field'): void {
  const found = findUnstorable(value);
  if (!found) return;
  const where = found.path ? `${kind} ${found.path}` : 'The request body';
  throw new ApiError('bad_request', `${where} contains ${unstorableIn(found.text)}, which is not accepted in any text.`);
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
