import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import type { ServerConfig } from '../../config/server-config.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { cors } from '../../http/cors.js';
import type { IdpClientConfig } from './config.js';

/**
 * CORS of the endpoints a relying party calls from its own pages (a single-page app without a back
 * end): the token, userinfo and revocation endpoints answer the browser origins the client lists
 * (`allowedOrigins` of its entry in idp.clients), matched exactly, and no other origin, the
 * project's own included. Discovery is public: any client's origins and the project's.
 */
const EXPOSED = ['WWW-Authenticate', 'Retry-After'];

const listedOrigins = (config: ServerConfig) => new Set(config.idp.clients.flatMap((client) => client.allowedOrigins));

/**
 * The CORS headers of an OAuth endpoint's answer to `origin`: allowed when the client the call is
 * about lists it. When no client is known (an unknown client, a token that is not live), when any
 * client lists it, so the relying party's page can read the error.
 */
export function relyingPartyCorsHeaders(config: ServerConfig, origin: string | undefined, client: IdpClientConfig | undefined): Record<string, string> {
  const allowed = client ? client.allowedOrigins.includes(origin ?? '') : origin !== undefined && listedOrigins(config).has(origin);
  return allowed && origin ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED.join(','), Vary: 'Origin' } : { Vary: 'Origin' };
}

/** By path prefix (Feature.cors): the preflight of the OAuth endpoints, and discovery's CORS. */
export function relyingPartyCors(deps: AppDeps): Record<string, MiddlewareHandler<AppEnv>> {
  const listed = listedOrigins(deps.config);
  // The preflight does not say which client will call: an origin any client lists may go on; the
  // answer itself then carries CORS only for the client the call turns out to be about.
  const preflight = honoCors({
    origin: (origin) => (listed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
  return {
    '/oauth2/': async (c, next) => (c.req.method === 'OPTIONS' ? preflight(c, next) : next()),
    '/.well-known/openid-configuration': cors([...new Set([...deps.config.project.allowedOrigins, ...listed])]),
  };
}
