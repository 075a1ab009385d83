import type { Context } from 'hono';
import type { IdpClientConfig } from './config.js';
import { ApiError } from '../../kernel/api-error.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requestHeader } from '../../http/request-header.js';
import { relyingPartyCorsHeaders } from './relying-party-cors.js';

/** An RFC 6749 section 5.2 error; never cached. */
export class OAuthFailure {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number = error === 'invalid_client' || error === 'invalid_token' ? 401 : 400,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function noStore(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
}

function answerFailure(c: Context<AppEnv>, failure: OAuthFailure) {
  noStore(c);
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json({ error: failure.error, error_description: failure.description }, failure.status as 400);
}

/** What a call to an OAuth endpoint turned out to be about, as far as its answer's headers care. */
export interface OAuthCall {
  /** The client it names (or whose token it carries): its allowedOrigins get CORS. */
  client?: IdpClientConfig;
}

/**
 * Runs an OAuth endpoint's handler: an OAuthFailure becomes the OAuth error answer, and so does an
 * ApiError (a rate limit's 429 too_many_requests, with Retry-After) in the same shape; anything else
 * is a real 500. Every answer then gets the CORS of the client the call was about.
 */
export const oauthEndpoint =
  (deps: AppDeps, handler: (c: Context<AppEnv>, call: OAuthCall) => Promise<Response>) =>
  async (c: Context<AppEnv>): Promise<Response> => {
    const call: OAuthCall = {};
    let response: Response;
    try {
      response = await handler(c, call);
    } catch (error) {
      if (error instanceof ApiError) response = answerFailure(c, new OAuthFailure(error.errorType, error.message, error.status, error.headers));
      else if (error instanceof OAuthFailure) response = answerFailure(c, error);
      else throw error;
    }
    for (const [name, value] of Object.entries(await relyingPartyCorsHeaders(deps, requestHeader(c, 'Origin'), call.client))) response.headers.set(name, value);
    return response;
  };
