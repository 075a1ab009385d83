import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { getMimeType } from 'hono/utils/mime';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { errorResponse } from '../../http/error-response.js';
import { ApiError } from '../../kernel/api-error.js';
import { consolePage } from './page.js';

/** A file name the build writes into assets/ (a name and a content hash, no folder): anything else is found by nobody. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)*$/;

/** Built files never change under their hashed names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /console and every path under it: the operators' console, a single-page app, so each page
 * path answers its index.html (the app reads the path); /console/assets/… answers the build's
 * files. Both are read from the folder on each request, so a rebuild needs no restart. Not part of
 * the API's contract: it answers HTML and files, and its calls go to the management API.
 */
export function registerConsoleRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const folder = deps.config.consoleDir;
  const notBuilt = (c: Parameters<typeof errorResponse>[0]) =>
    errorResponse(
      c,
      new ApiError(
        'console_not_built',
        folder
          ? `The console is not built (no ${join(folder, 'index.html')}). Run \`npm run build -w @vestibule/console\`, or set VESTIBULE_CONSOLE_DIR to a built console, and load the page again.`
          : undefined,
      ),
    );

  app.get('/console/assets/:name', async (c) => {
    const name = c.req.param('name');
    if (!folder || !ASSET_NAME.test(name)) return errorResponse(c, new ApiError('not_found', `No console file ${name}.`));
    const body = await readFile(join(folder, 'assets', name)).catch(() => null);
    if (!body) return errorResponse(c, new ApiError('not_found', `No console file ${name}.`));
    return c.body(body, 200, { 'Content-Type': getMimeType(name) ?? 'application/octet-stream', 'Cache-Control': IMMUTABLE });
  });

  const page = async (c: Parameters<typeof errorResponse>[0]) => {
    const template = folder ? await readFile(join(folder, 'index.html'), 'utf8').catch(() => null) : null;
    if (!template) return notBuilt(c);
    const { html, headers } = consolePage(template, deps.config);
    return c.body(html, 200, headers);
  };
  app.get('/console', page);
  app.get('/console/*', page);
}
