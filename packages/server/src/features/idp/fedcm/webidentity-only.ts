import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../../http/app-env.js';
import { requestHeader } from '../../../http/request-header.js';
import { ApiError } from '../../../kernel/api-error.js';

/**
 * The browser sends `Sec-Fetch-Dest: webidentity` with every FedCM request (FedCM, "fetch the
 * accounts" and the others: destination "webidentity"), and no page can: Sec- headers are forbidden
 * request headers, and a page's fetch is destination "empty". So the endpoints that act on the FedCM
 * cookie, or answer about a relying party, answer FedCM alone, and a page's own call, which could
 * carry that SameSite=None cookie, is refused before anything is read.
 */
export const webIdentityOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (requestHeader(c, 'Sec-Fetch-Dest') !== 'webidentity') throw new ApiError('fedcm_request_required');
  await next();
};
