import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../config/server-config.js';

/**
 * What the console page is given about the server it runs on, written into index.html as inert JSON
 * (read by packages/console/src/page-config.ts; the element id is the contract between the two).
 */
export const CONSOLE_CONFIG_ELEMENT_ID = 'vestibule-console-config';

export interface ConsolePageConfig {
  /** Where the management and sign-in APIs are (the server's public URL). */
  apiBaseUrl: string;
  publicToken: string;
  projectName: string;
  /** The console's own path under that URL (`/console`, behind any path prefix of the public URL): its router's base. */
  basePath: string;
  /** This page load's Content-Security-Policy nonce, for the style element the login widget injects. */
  styleNonce: string;
}

/** Escapes JSON for a <script type="application/json"> element, so no value can close the tag. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The console's path under the public URL: `/console`, or `/auth/console` when the API is served under `/auth`. */
export function consoleBasePath(config: ServerConfig): string {
  return `${new URL(config.publicUrl).pathname.replace(/\/+$/, '')}/console`;
}

/**
 * A strict policy: scripts and stylesheets only from the server itself (no inline script: the
 * page's settings are inert JSON), the login widget's injected style element only with this load's
 * nonce, calls only to the server itself and its public URL, never framed.
 */
function contentSecurityPolicy(apiBaseUrl: string, nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    `connect-src 'self' ${new URL(apiBaseUrl).origin}`,
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The built index.html for one page load: a <base> at the console's path (the build refers to its
 * files relatively, so every page path, /console/users/…, loads them from the one folder) and the
 * settings, with the headers it is served with.
 */
export function consolePage(template: string, config: ServerConfig): { html: string; headers: Record<string, string> } {
  const styleNonce = randomBytes(16).toString('base64');
  const basePath = consoleBasePath(config);
  const settings: ConsolePageConfig = {
    apiBaseUrl: config.publicUrl,
    publicToken: config.project.publicToken,
    projectName: config.project.name,
    basePath,
    styleNonce,
  };
  const head = `<base href="${basePath}/"><script type="application/json" id="${CONSOLE_CONFIG_ELEMENT_ID}">${inertJson(settings)}</script>`;
  return {
    html: template.replace('<head>', `<head>${head}`),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': contentSecurityPolicy(config.publicUrl, styleNonce),
      'Referrer-Policy': 'no-referrer',
    },
  };
}
