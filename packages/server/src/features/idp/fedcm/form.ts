import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../../http/app-env.js';
import { ApiError } from '../../../kernel/api-error.js';
import { OAuthFailure } from '../oauth-answers.js';
import { formOf, formParams } from '../oauth-form.js';

/** The form FedCM posts, read as the OAuth endpoints read theirs (one value a name, no unstorable text), as the route's schema gives it; refused as 400 bad_request. */
export async function fedcmForm<S extends z.ZodObject>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  try {
    return formParams(schema, await formOf(c));
  } catch (error) {
    if (error instanceof OAuthFailure) throw new ApiError('bad_request', error.description);
    throw error;
  }
}
