import type { OpenAPIHono } from '@hono/zod-openapi';
import { passkeyRoutes } from '@vestibule/contract';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { defineRoute } from '../../http/define-route.js';
import { PUBLIC_DOCUMENT } from '../../http/security-headers.js';

/**
 * GET /.well-known/webauthn: before a ceremony for the rp id on another site's page, the browser
 * fetches this from https://{rpId}/ (no cookies, no CORS; Chromium wants Content-Type
 * application/json) and goes on if the page's origin is listed. The related origins come first:
 * a browser reads the list in order and stops taking new site names after five, and the rp id's own
 * origins, listed after them, need no entry. Cacheable for five minutes, as discovery is.
 */
export function registerWellKnown(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const { origins, relatedOrigins } = deps.config.project.webauthn;
  const document = { origins: [...relatedOrigins, ...origins] };
  defineRoute(app, passkeyRoutes.wellKnown, (c) => {
    c.header('Cache-Control', PUBLIC_DOCUMENT['Cache-Control']);
    return c.json(document);
  });
}
