import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { cors } from '../../http/cors.js';
import { requestHeader } from '../../http/request-header.js';
import { someClientListsOrigin } from './clients.js';
import { someStoredClientListsOrigin } from './clients-store.js';
import type { IdpClientConfig } from './config.js';

/**
 * CORS of the endpoints a relying party calls from its own pages (a single-page app without a back
 * end): the token, userinfo and revocation endpoints answer the browser origins the client lists
 * (`allowedOrigins` of its entry in idp.clients, `allowed_origins` of one made through the
 * management API), matched exactly, and no other origin, the project's own included. Discovery is
 * public: any client's origins and the project's. The API's clients are read from the database
 * when an origin is not the file's, so a change holds at once on every instance.
 */
const EXPOSED = ['WWW-Authenticate', 'Retry-After'];

/**
 * The CORS headers of an OAuth endpoint's answer to `origin`: allowed when the client the call is
 * about lists it. When no client is known (an unknown client, a token that is not live), when any
 * client lists it, so the relying party's page can read the error.
 */
export async function relyingPartyCorsHeaders(deps: AppDeps, origin: string | undefined, client: IdpClientConfig | undefined): Promise<Record<string, string>> {
  const allowed = origin !== undefined && (client ? client.allowedOrigins.includes(origin) : await someClientListsOrigin(deps, origin));
  return allowed ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED.join(','), Vary: 'Origin' } : { Vary: 'Origin' };
}

/** By path prefix (Feature.cors): the preflight of the OAuth endpoints, and discovery's CORS. */
export function relyingPartyCors(deps: AppDeps): Record<string, MiddlewareHandler<AppEnv>> {
  // The preflight does not say which client will call: an origin any client lists may go on; the
  // answer itself then carries CORS only for the client the call turns out to be about.
  const preflight = honoCors({
    origin: async (origin) => ((await someClientListsOrigin(deps, origin)) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
  // Discovery: the project's origins and every client's. The file's are known from the start; an
  // origin that only a client made through the API lists is looked up when it calls.
  const known = new Set([...deps.config.project.allowedOrigins, ...deps.config.idp.clients.flatMap((client) => client.allowedOrigins)]);
  const discovery = cors([...known]);
  return {
    '/oauth2/': async (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : next()),
    // FedCM's endpoints answer their own CORS (fedcm/registered-origin.ts): the ID assertion's, for
    // its client's origin with credentials; the browser's other FedCM requests are no-cors.
    '/fedcm/': (_c, next) => next(),
    '/.well-known/openid-configuration': async (c, next) => {
      const origin = requestHeader(c, 'Origin');
      if (origin !== undefined && !known.has(origin) && (await someStoredClientListsOrigin(deps.db, origin))) return cors([origin])(c, next);
      return discovery(c, next);
    },
  };
}
