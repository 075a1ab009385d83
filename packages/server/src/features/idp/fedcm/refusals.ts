import type { RouteDef } from '@vestibule/contract';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../../http/app-env.js';
import type { RouteHandler, RouteInput } from '../../../http/define-route.js';
import { errorBody } from '../../../http/error-response.js';
import { ApiError } from '../../../kernel/api-error.js';

/**
 * A refusal of the ID assertion or disconnect endpoint: the ErrorResponse every route answers, plus
 * FedCM's `error` member ({ error: code }), which the browser hands to the relying party's page as
 * IdentityCredentialError.error (the code may be any string: our error_type). The headers set before
 * (the client's CORS) stay, so the browser may read it, and the error's own (Retry-After) join them.
 */
export const answeringFedCmErrors =
  <R extends RouteDef>(handler: RouteHandler<R>): RouteHandler<R> =>
  async (c: Context<AppEnv>, input: RouteInput<R>) => {
    try {
      return await handler(c, input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const requestId = c.get('requestId');
      c.header('X-Request-Id', requestId);
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(
        { ...errorBody(error.status, requestId, error.errorType, error.message), error: { error: error.errorType } },
        error.status as ContentfulStatusCode,
      );
    }
  };
