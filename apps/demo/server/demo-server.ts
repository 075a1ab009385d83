import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { DEMO_CONFIG_ELEMENT_ID, type DemoConfig } from '../src/demo-config.js';

export interface DemoServerOptions extends Omit<DemoConfig, 'styleNonce'> {
  port: number;
  /**
   * Google one-tap's script (the server's oauth.googleOneTapScriptUrl): its origin is allowed to
   * run a script, draw a frame and be called, as Google asks of a host's policy.
   */
  oneTapScriptUrl?: string;
  /** The built demo (vite build output). */
  distDir?: string;
  /** The built one script and its chunks (the react package's dist/vanilla), served under /vestibule/. */
  oneScriptDir?: string;
}

const defaultDist = fileURLToPath(new URL('../dist', import.meta.url));
const defaultOneScriptDir = fileURLToPath(new URL('../../../packages/react/dist/vanilla', import.meta.url));
/** Where the one script is served: the configurator's code for a page of your own loads it from here. */
export const ONE_SCRIPT_PATH = '/vestibule/';

/** Escapes JSON for a <script type="application/json"> element, so no value can close the tag. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A strict policy, so the demo shows the widgets working under one: scripts and stylesheets only
 * from the demo itself, the widgets' injected style element only with this load's nonce, calls
 * only to the demo and the API.
 */
function contentSecurityPolicy(apiBaseUrl: string, nonce: string, oneTapScriptUrl?: string): string {
  const gsi = oneTapScriptUrl ? ` ${new URL(oneTapScriptUrl).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${gsi}`,
    `style-src 'self' 'nonce-${nonce}'${gsi}`,
    "img-src 'self' data: https:",
    `connect-src 'self' ${new URL(apiBaseUrl).origin}${gsi}`,
    `frame-src 'self'${gsi}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Serves the built demo. Every page path gets index.html with the stack's settings written in as
 * inert JSON and a fresh style nonce; files (scripts, styles) come from the build folder.
 */
export async function startDemo(options: DemoServerOptions): Promise<{ url: string; close(): Promise<void> }> {
  const distDir = options.distDir ?? defaultDist;
  const template = await readFile(`${distDir}/index.html`, 'utf8').catch(() => {
    throw new Error(`The demo is not built (no ${distDir}/index.html): run \`npm run build\` first.`);
  });
  const page = (styleNonce: string) => {
    const config: DemoConfig = { apiBaseUrl: options.apiBaseUrl, publicToken: options.publicToken, styleNonce };
    return template.replace('</head>', `<script type="application/json" id="${DEMO_CONFIG_ELEMENT_ID}">${inertJson(config)}</script></head>`);
  };
  // `dev`: each request looks for its file, so a file a rebuild removed is a 404, not a read of a
  // file that is gone (that stream's error took the whole process down, the API with it).
  const files = sirv(distDir, { dev: true, etag: true, gzip: false });
  // Any page may load the one script from here (a module script from another origin needs CORS), as
  // from a CDN: the configurator's code, pasted into a page of your own, does.
  const oneScript = sirv(options.oneScriptDir ?? defaultOneScriptDir, {
    dev: true,
    etag: true,
    gzip: false,
    setHeaders: (res) => res.setHeader('access-control-allow-origin', '*'),
  });
  const server: Server = createServer((req, res) => {
    // Every response (pages, files, the 404): the browser sends no Referer from the demo, so an
    // emailed link's token in the address can never leak to another site or to the API.
    res.setHeader('referrer-policy', 'no-referrer');
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith(ONE_SCRIPT_PATH)) {
      req.url = (req.url ?? '/').slice(ONE_SCRIPT_PATH.length - 1);
      return void oneScript(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      });
    }
    const isPage = !/\.[a-z0-9]+$/i.test(path);
    if (isPage) {
      const nonce = randomBytes(16).toString('base64');
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': contentSecurityPolicy(options.apiBaseUrl, nonce, options.oneTapScriptUrl),
      });
      res.end(page(nonce));
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, resolve);
  });
  return {
    url: `http://localhost:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
