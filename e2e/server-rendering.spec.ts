import type { APIRequestContext, Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { E2E_TMP, E2E_PLAIN_PORT, E2E_RP_PORT } from '../playwright.config';
import { signIn } from './support/account';
import { expect, test } from './support/fixtures';
import { firstLink, latestMessageTo } from './support/outbox';
import { API_URL, demoPublicToken, uniqueEmail } from './support/stack';
import type { renderPage } from './fixtures/server-rendering/render';

/**
 * Issue 33, server rendering: each React mount rendered by react-dom/server in Node, sent as HTML
 * with the package's stylesheet, and hydrated in the browser, on React 18 and on React 19 (the
 * host's React: the same built package, bundled with either). Nothing may be said on the console
 * (React reports hydration mismatches there), no recoverable error may reach hydrateRoot, and
 * nothing on the page may move.
 *
 * The mounts whose first screen depends on the visitor's session or the page's address (the
 * reset link, the account page, passkey registration, the identity provider) get what the fixture
 * server read from the request (loadServerState: its Cookie header and URL) as `serverState`, in
 * the props the browser hydrates with too: their real first screen is in the served HTML and stays.
 */

const FIXTURES = 'e2e/fixtures/server-rendering';
const REACT_18 = { react: 'react-18', 'react-dom': 'react-dom-18' };
/** The sample relying party the stack registers as the identity provider's client demo-rp. */
const RP = `http://localhost:${E2E_RP_PORT}`;

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

/**
 * A person with an account who has not signed in on this browser, and the link of the password
 * reset email sent to them (the address of their reset page, with the token as the email wrote it).
 */
async function resetLink(request: APIRequestContext, publicToken: string, email: string): Promise<URL> {
  const headers = { 'X-Public-Token': publicToken };
  const created = await request.post(`${API_URL}/sdk/v1/magic_links/email/login_or_create`, { headers, data: { email } });
  expect(created.ok(), await created.text()).toBe(true);
  const magicLink = await latestMessageTo(request, email);
  const sent = await request.post(`${API_URL}/sdk/v1/passwords/email/reset/start`, { headers, data: { email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const link = new URL(firstLink(await latestMessageTo(request, email, magicLink.id)));
  expect(link.searchParams.get('vestibule_token_type')).toBe('reset_password');
  return link;
}

/** An app's authorize request to the identity provider, as the sample app sends it (PKCE S256, state, nonce). */
function authorizeRequest(): URLSearchParams {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  return new URLSearchParams({
    client_id: 'demo-rp',
    redirect_uri: `${RP}/callback`,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'ssr-state',
    nonce: 'ssr-nonce',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
}

/** The app's logout request without proof of the user (no id_token_hint): the provider asks first. */
function logoutRequest(): URLSearchParams {
  return new URLSearchParams({ client_id: 'demo-rp', post_logout_redirect_uri: `${RP}/`, state: 'bye' });
}

type Mount = 'login' | 'reset' | 'passkeys' | 'idp' | 'account';

interface Case {
  name: string;
  mount: Mount;
  /** Signed in first, on the demo's /account: cookies on localhost are shared by every port, so the fixture server gets the session cookie too. */
  signedIn?: boolean;
  /** More of the page's address: what it carries for the mount (the reset link's query, the app's request). */
  address?: (person: { request: APIRequestContext; publicToken: string; email: string }) => Promise<URLSearchParams> | URLSearchParams;
  /** The page's other query parameters (the host's setup: language, colour scheme). */
  setup?: string;
  /** False: the server does not read the request (no serverState), as a host that does not call loadServerState: it serves the loading state. */
  serverState?: boolean;
  /** The first screen's heading: in the served HTML (with serverState) and on the page once hydrated. */
  heading: string;
  /** More of what the served widget must already say (the signed-in user's own data). */
  says?: (email: string) => string[];
}

const cases: Case[] = [
  { name: 'login', mount: 'login', heading: 'Sign up or log in' },
  { name: 'login in German, dark', mount: 'login', setup: 'locale=de&colorScheme=dark', heading: 'Registrieren oder anmelden' },
  {
    name: 'account, signed in',
    mount: 'account',
    signedIn: true,
    heading: 'Your account',
    // The sections of this user, with their data: the address, this browser among the devices.
    says: (email) => ['>Email addresses</h2>', '>Signed-in devices</h2>', email, '>This device</span>'],
  },
  { name: 'account, signed out', mount: 'account', heading: 'Your account', says: () => ['>You are not signed in. Sign in to manage your account.</p>'] },
  { name: 'passkey registration, signed in', mount: 'passkeys', signedIn: true, heading: 'Set up a new Passkey' },
  {
    name: 'password reset from the emailed link',
    mount: 'reset',
    address: async ({ request, publicToken, email }) => (await resetLink(request, publicToken, email)).searchParams,
    heading: 'Reset your password',
  },
  {
    name: "identity provider, an app's sign-in request",
    mount: 'idp',
    signedIn: true,
    address: authorizeRequest,
    heading: 'Sign in to Sample app with Vestibule Demo',
    says: () => ['Verify your identity'],
  },
  {
    name: "identity provider, an app's logout request",
    mount: 'idp',
    signedIn: true,
    address: logoutRequest,
    heading: 'Log out?',
    says: () => ['Are you sure you want to log out of your Vestibule Demo account?'],
  },
  // A host that does not read the request: the loading state on the server, the screen after hydration.
  { name: 'account, signed in, without serverState', mount: 'account', signedIn: true, serverState: false, heading: 'Your account' },
];

/** The served widget's HTML: the page up to the props, which carry the serverState's data too. */
function widgetOf(page: string): string {
  const end = page.indexOf('<script id="props"');
  expect(end).toBeGreaterThan(0);
  return page.slice(0, end);
}

/** Records the page's layout shifts and the widget's height in the first frame, as the server drew it, before any script of the page ran. */
function watchTheWidget(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { shifts: number[]; firstHeight?: number };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    // The first frame with the whole widget parsed (the paragraph after it is there): on a busy
    // machine a frame can come while the page is still arriving.
    const measure = () => {
      if (document.getElementById('below')) w.firstHeight = document.querySelector('.vestibule')?.getBoundingClientRect().height;
      else requestAnimationFrame(measure);
    };
    requestAnimationFrame(measure);
  });
}

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
        const options = {
          mount: (url.searchParams.get('mount') ?? 'login') as Mount,
          api: API_URL,
          token: publicToken,
          locale: url.searchParams.get('locale') ?? undefined,
          colorScheme: (url.searchParams.get('colorScheme') ?? undefined) as 'dark' | undefined,
          serverState: url.searchParams.get('serverState') !== 'none',
        };
        // The request as a host's handler has it: the whole address and the visitor's cookies.
        render(options, { url: req.url ?? '/', cookie: req.headers.cookie }).then(
          // The visitor's own page (their user, their devices): never kept by a shared cache.
          (html) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' }).end(html),
          (error: unknown) => res.writeHead(500).end(String(error)),
        );
      });
      await new Promise<void>((resolve) => server.listen(E2E_PLAIN_PORT, resolve));
    });
    test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    for (const { name, mount, signedIn, address, setup, serverState = true, heading, says } of cases) {
      const title = serverState
        ? `${name}: rendered whole on the server, hydrated with no warning and nothing moving`
        : `${name}: its loading state rendered on the server, hydrated with no warning`;
      test(title, async ({ page, request }) => {
        const email = uniqueEmail(`ssr-${mount}`);
        if (signedIn) await signIn(page, request, email);
        else await page.goto('/');
        publicToken = await demoPublicToken(page);
        const query = new URLSearchParams(setup);
        query.set('mount', mount);
        if (!serverState) query.set('serverState', 'none');
        for (const [key, value] of address ? await address({ request, publicToken, email }) : []) query.append(key, value);

        const said: string[] = [];
        page.on('console', (message) => {
          // The browser's own line for a refusal the widget expects and handles (it says nothing of its own).
          if (message.text().startsWith('Failed to load resource')) return;
          if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
        });
        page.on('pageerror', (error) => said.push(error.message));
        await watchTheWidget(page);
        // A first visit, then a return one: the browser holds the bootstrap by then, which the
        // hydrating widget must not draw with until it has matched the server's HTML.
        for (const visit of ['first visit', 'return visit']) {
          const response = await page.goto(`http://localhost:${E2E_PLAIN_PORT}/?${query}`);
          const served = widgetOf((await response?.text()) ?? '');
          // The server's HTML already holds the widget: its first screen, or (for a mount whose
          // screen the server did not read) its loading state.
          expect(served).toContain('class="vestibule"');
          if (serverState) expect(served, visit).toContain(`>${heading}</h1>`);
          else expect(served, visit).toContain('class="vst-loading" role="status"');
          for (const words of serverState ? (says?.(email) ?? []) : []) expect(served, visit).toContain(words);
          await expect.poll(() => page.evaluate(() => (window as unknown as { hydrated?: boolean }).hydrated)).toBe(true);
          // What hydration set going settles (the bootstrap's answer, a session read, a list fetched afresh).
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(1000);
          const seen = await page.evaluate(() => {
            const w = window as unknown as { shifts: number[]; firstHeight?: number; recoverable: string[] };
            return { shifts: w.shifts, firstHeight: w.firstHeight, recoverable: w.recoverable };
          });
          expect(said, visit).toEqual([]);
          expect(seen.recoverable, visit).toEqual([]);
          expect(seen.firstHeight).toBeGreaterThan(0);
          await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
          // Without serverState the screen takes the loading state's place after hydration: the move a host
          // that does not read the request accepts.
          if (!serverState) continue;
          // Whole from the first frame: hydration and what follows it move nothing, the widget included.
          expect(
            seen.shifts.reduce((sum, value) => sum + value, 0),
            visit,
          ).toBe(0);
          expect(await page.evaluate(() => document.querySelector('.vestibule')?.getBoundingClientRect().height), visit).toBe(seen.firstHeight);
        }
      });
    }
  });
}
