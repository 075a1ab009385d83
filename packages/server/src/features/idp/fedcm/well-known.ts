import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { fedcmEndpoints } from './endpoints.js';
import { PUBLIC_DOCUMENT } from '../../../http/security-headers.js';

/**
 * GET /.well-known/web-identity: the browser fetches it at the identity provider's site (its
 * registrable domain; a relying party of the same site skips it) to check the configURL a page
 * names. With accounts_endpoint and login_url (Chrome 132+), which Chrome 145+ requires when the
 * config file has a client metadata endpoint. The API must then be at its site's root host, or a
 * proxy must serve this file there.
 */
export function registerWellKnown(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const endpoints = fedcmEndpoints(deps.config);
  defineRoute(app, fedcmRoutes.webIdentity, (c) => {
    c.header('Cache-Control', PUBLIC_DOCUMENT['Cache-Control']);
    return c.json({ provider_urls: [endpoints.config], accounts_endpoint: endpoints.accounts, login_url: endpoints.login });
  });
}
