import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { fedcmEndpoints } from './endpoints.js';
import { PUBLIC_DOCUMENT } from '../../../http/security-headers.js';

/**
 * GET /fedcm/config.json, the configURL a relying party names: every endpoint on the API's own
 * origin (FedCM refuses one of another origin, "computing the manifest URL") and the project's name
 * for the browser's dialog. Fetched without cookies; no redirect is followed.
 */
export function registerConfigFile(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const endpoints = fedcmEndpoints(deps.config);
  defineRoute(app, fedcmRoutes.config, (c) => {
    c.header('Cache-Control', PUBLIC_DOCUMENT['Cache-Control']);
    return c.json({
      accounts_endpoint: endpoints.accounts,
      client_metadata_endpoint: endpoints.clientMetadata,
      id_assertion_endpoint: endpoints.assertion,
      disconnect_endpoint: endpoints.disconnect,
      login_url: endpoints.login,
      branding: { name: deps.config.project.name },
    });
  });
}
