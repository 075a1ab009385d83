import type { MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../config/server-config.js';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';
import { nodeRequest, requestHeader } from './request-header.js';

/**
 * "This machine" for the development-only routes (everything under /dev/: the outbox, which holds
 * every passcode and link sent, and the development OAuth provider, which signs anyone in as any
 * address). A loopback socket alone proves nothing: behind a reverse proxy on the same machine
 * every visitor arrives from 127.0.0.1. So a request counts as this machine's only when its socket
 * is loopback, it carries no sign of a proxy, and it was addressed to a loopback name. This is the
 * one place a loopback address is trusted for anything besides counting a client's requests.
 */

/** Headers that proxies add (or that only a proxy would have a reason to send). */
const PROXY_HEADERS = [
  'Forwarded',
  'X-Forwarded-For',
  'X-Forwarded-Host',
  'X-Forwarded-Proto',
  'X-Forwarded-Port',
  'X-Forwarded-Server',
  'X-Forwarded-Prefix',
  'X-Real-IP',
  'X-Client-IP',
  'X-Original-Forwarded-For',
  'True-Client-IP',
  'CF-Connecting-IP',
  'Fastly-Client-IP',
  'Via',
] as const;

/** True for 127.0.0.0/8 and ::1 (and their IPv4-mapped forms). */
export function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** True for a host name that can only mean this machine: localhost, *.localhost, a loopback address. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** The host name of a URL or of a Host header's value (which may carry a port); null when it is not one. */
function hostnameOf(hostOrUrl: string): string | null {
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `http://${hostOrUrl}`).hostname;
  } catch {
    return null;
  }
}

/** What a client wrote, cut short and stripped of control characters, to quote it in a message. */
function quoted(value: string): string {
  return JSON.stringify(value.replace(/\p{Cc}/gu, '').slice(0, 80));
}

/** Why this request is not from this machine, in words for the person who sent it; null when it is. */
export function notFromThisMachine(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  // The socket's own peer, never the address a trusted proxy reported (trustProxy is about counting).
  const peer = incoming?.socket?.remoteAddress;
  if (!peer || !isLoopbackAddress(peer)) return `it came from ${peer ?? 'an unknown address'}, not from a loopback address`;
  const proxyHeader = PROXY_HEADERS.find((name) => requestHeader(c, name) !== undefined);
  if (proxyHeader) return `it came through a proxy (it carries ${proxyHeader})`;
  // nginx forwards in HTTP/1.0 unless told otherwise, and adds no header that says so.
  if (nodeRequest(c)?.httpVersion === '1.0') return 'it came over HTTP/1.0, as a reverse proxy such as nginx forwards by default';
  // A request the app makes to itself (app.request) has no Host header; its URL names the host.
  const host = requestHeader(c, 'Host') ?? new URL(c.req.url).host;
  const hostname = hostnameOf(host);
  if (hostname === null || !isLoopbackHostname(hostname)) return `it was addressed to ${quoted(host)}, not to localhost or a loopback address`;
  return null;
}

/** Refuses, with 403 forbidden and the reason, every request that is not from this machine. */
export function thisMachineOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const why = notFromThisMachine(c);
    if (why) {
      throw new ApiError(
        'forbidden',
        `Development routes (the outbox and the development sign-in) are served only to this machine, and this request is not from it: ${why}. To serve Vestibule to others, set VESTIBULE_ENV=production.`,
      );
    }
    return next();
  };
}

/**
 * The warning a development server prints at start when it is set up to be reached from elsewhere:
 * a public URL, an allowed origin or a listening interface that is not loopback. Null when all are.
 */
export function developmentExposureWarning(config: Pick<ServerConfig, 'env' | 'publicUrl' | 'host' | 'project'>): string | null {
  if (config.env !== 'development') return null;
  const exposed = [
    ...(isLoopbackHostname(hostnameOf(config.publicUrl) ?? '') ? [] : [`public URL ${config.publicUrl}`]),
    ...config.project.allowedOrigins.filter((origin) => !isLoopbackHostname(hostnameOf(origin) ?? '')).map((origin) => `allowed origin ${origin}`),
    ...(isLoopbackHostname(config.host) ? [] : [`listening on ${config.host}`]),
  ];
  if (exposed.length === 0) return null;
  return `Warning: development mode: the outbox and the development sign-in are served to this machine only; set VESTIBULE_ENV=production to deploy (not loopback: ${exposed.join(', ')}).`;
}
