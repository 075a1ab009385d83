import type { OpenAPIHono } from '@hono/zod-openapi';
import { fedcmRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../../http/app-env.js';
import { defineRoute } from '../../../http/define-route.js';
import { clientAtOrigin } from './registered-origin.js';
import { webIdentityOnly } from './webidentity-only.js';

/**
 * GET /fedcm/client_metadata?client_id=: what the browser's dialog may link to for the relying
 * party (its privacy policy and terms). Clients register none of these yet, so a known client at one
 * of its origins gets an empty object, and the dialog shows no links; another page's origin is
 * refused, so a page cannot borrow another client's name in the dialog.
 */
export function registerClientMetadata(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  defineRoute(app, fedcmRoutes.clientMetadata, webIdentityOnly, async (c, { query }) => {
    await clientAtOrigin(c, deps, query.client_id);
    return c.json({});
  });
}
