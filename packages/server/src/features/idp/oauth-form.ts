import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { unstorableIn } from '../../http/storable-text.js';
import { OAuthFailure } from './oauth-answers.js';

/** The form body: application/x-www-form-urlencoded, each parameter at most once (RFC 6749 section 3.2); an empty value is as if left out. */
export async function formOf(c: Context<AppEnv>): Promise<Map<string, string>> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new OAuthFailure('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  const params = new URLSearchParams(await c.req.text());
  const form = new Map<string, string>();
  for (const [name, value] of params) {
    if (form.has(name)) throw new OAuthFailure('invalid_request', `The parameter ${name} is repeated.`);
    const unstorable = unstorableIn(name) ?? unstorableIn(value);
    if (unstorable)
      throw new OAuthFailure(
        'invalid_request',
        `The parameter ${JSON.stringify(name.replace(/\p{Cc}/gu, ''))} contains ${unstorable}, which is not accepted in any text.`,
      );
    if (value !== '') form.set(name, value);
  }
  return form;
}

/**
 * The form's parameters as the route's form schema in the contract reads them; parameters it does
 * not name are left out. A required one that is missing is invalid_request '<name> is required.'; a
 * value the schema refuses is what `refused` makes of it for that parameter, else invalid_request.
 */
export function formParams<S extends z.ZodObject>(
  schema: S,
  form: Map<string, string>,
  refused: Record<string, (value: string) => OAuthFailure> = {},
): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(form));
  if (result.success) return result.data;
  const name = String(result.error.issues[0]!.path[0] ?? '');
  const value = form.get(name);
  if (value === undefined) throw new OAuthFailure('invalid_request', `${name} is required.`);
  throw refused[name]?.(value) ?? new OAuthFailure('invalid_request', `The parameter ${name} is invalid.`);
}
