import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { E2E_TMP, E2E_PLAIN_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { API_URL, demoPublicToken } from './support/stack';
import type { renderPage } from './fixtures/server-rendering/render';

/**
 * Issue 33, server rendering: each React mount rendered by react-dom/server in Node, sent as HTML
 * with the package's stylesheet, and hydrated in the browser, on React 18 and on React 19 (the
 * host's React: the same built package, bundled with either). Nothing may be said on the console
 * (React reports hydration mismatches there), no recoverable error may reach hydrateRoot, and
 * nothing on the page may move.
 */

const FIXTURES = 'e2e/fixtures/server-rendering';
const REACT_18 = { react: 'react-18', 'react-dom': 'react-dom-18' };

/** The renderer (for Node) and the hydrating script (for the browser) of one React version. */
async function bundle(version: '18' | '19'): Promise<{ render: typeof renderPage; clientDir: string }> {
  const out = mkdtempSync(join(E2E_TMP, `ssr-${version}-`));
  const alias = version === '18' ? REACT_18 : {};
  const common = {
    bundle: true,
    format: 'esm',
    splitting: true,
    alias,
    jsx: 'automatic',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"development"' },
  } as const;
  await build({
    ...common,
    entryPoints: { render: `${FIXTURES}/render.tsx` },
    outdir: join(out, 'server'),
    platform: 'node',
    outExtension: { '.js': '.mjs' },
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  await build({ ...common, entryPoints: { client: `${FIXTURES}/hydrate.tsx` }, outdir: join(out, 'client'), platform: 'browser' });
  const { renderPage: render } = (await import(pathToFileURL(join(out, 'server', 'render.mjs')).href)) as { renderPage: typeof renderPage };
  return { render, clientDir: join(out, 'client') };
}

/** The mounts whose first screen depends on what only the browser has. */
const BROWSER_BOUND = ['reset', 'passkeys', 'idp', 'account'] as const;
type Mount = 'login' | (typeof BROWSER_BOUND)[number];

for (const version of ['18', '19'] as const) {
  test.describe(`React ${version}`, () => {
    let server: Server;
    let render: typeof renderPage;
    let publicToken = '';
    test.beforeAll(async () => {
      const built = await bundle(version);
      render = built.render;
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname === '/styles.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(readFileSync('packages/react/dist/styles.css'));
        if (url.pathname.endsWith('.js')) {
          const file = join(built.clientDir, url.pathname.slice(1));
          if (url.pathname.includes('..')) return void res.writeHead(404).end();
          try {
            return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
          } catch {
            return void res.writeHead(404).end();
          }
        }
        const mount = (url.searchParams.get('mount') ?? 'login') as Mount;
        const locale = url.searchParams.get('locale') ?? undefined;
        const colorScheme = (url.searchParams.get('colorScheme') ?? undefined) as 'dark' | undefined;
        render({ mount, api: API_URL, token: publicToken, locale, colorScheme }).then(
          (html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
    });
    test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const cases = [
      { name: 'login', query: 'mount=login', heading: 'Sign up or log in' },
      { name: 'login in German, dark', query: 'mount=login&locale=de&colorScheme=dark', heading: 'Registrieren oder anmelden' },
      ...BROWSER_BOUND.map((mount) => ({ name: mount, query: `mount=${mount}`, heading: null })),
    ];
    for (const { name, query, heading } of cases) {
      const title = heading
        ? `${name}: rendered whole on the server, hydrated with no warning and nothing moving`
        : `${name}: its loading state rendered on the server, hydrated with no warning`;
      test(title, async ({ page }) => {
        await page.goto('/');
        publicToken = await demoPublicToken(page);
        const said: string[] = [];
        page.on('console', (message) => {
          // The browser's own line for an answer the widget expects (the reset page's made-up token is refused).
          if (message.text().startsWith('Failed to load resource')) return;
          if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
        });
        page.on('pageerror', (error) => said.push(error.message));
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: number[]; firstHeight?: number };
          w.shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
          }).observe({ type: 'layout-shift', buffered: true });
          // The widget as the server drew it, in the first frame, before any script of the page ran.
          requestAnimationFrame(() => {
            w.firstHeight = document.querySelector('.vestibule')?.getBoundingClientRect().height;
          });
        });
        // A first visit, then a return one: the browser holds the bootstrap by then, which the
        // hydrating widget must not draw with until it has matched the server's HTML.
        for (const visit of ['first visit', 'return visit']) {
          const response = await page.goto(`http://localhost:${E2E_PLAIN_PORT}/?${query}`);
          const served = (await response?.text()) ?? '';
          // The server's HTML already holds the widget: the login its first screen, the others their
          // loading state (what they show is in the browser: the session, the link's token).
          expect(served).toContain('class="vestibule"');
          if (heading) expect(served).toContain(`>${heading}</h1>`);
          else expect(served).toContain('class="vst-loading" role="status"');
          await expect.poll(() => page.evaluate(() => (window as unknown as { hydrated?: boolean }).hydrated)).toBe(true);
          // What hydration set going settles (the bootstrap's answer, a session read).
          await page.waitForTimeout(1000);
          const seen = await page.evaluate(() => {
            const w = window as unknown as { shifts: number[]; firstHeight?: number; recoverable: string[] };
            return { shifts: w.shifts, firstHeight: w.firstHeight, recoverable: w.recoverable };
          });
          expect(said, visit).toEqual([]);
          expect(seen.recoverable, visit).toEqual([]);
          expect(seen.firstHeight).toBeGreaterThan(0);
          if (!heading) continue;
          // Whole from the first frame: hydration and what follows it move nothing, the widget included.
          expect(
            seen.shifts.reduce((sum, value) => sum + value, 0),
            visit,
          ).toBe(0);
          expect(await page.evaluate(() => document.querySelector('.vestibule')?.getBoundingClientRect().height)).toBe(seen.firstHeight);
          await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        }
      });
    }
  });
}
