import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { coreSection } from '../config/core-section.js';
import { ownAddresses } from '../config/own-addresses.js';
import type { ServerConfig } from '../config/server-config.js';
import { configSections } from '../features/index.js';
import { ApiError } from '../kernel/api-error.js';
import type { AppEnv } from './app-env.js';
import { peerAddress } from './client-ip.js';
import { nodeRequest, requestHeader } from './request-header.js';

/**
 * "This machine" for the development-only routes (everything under /dev/: the outbox, which holds
 * every passcode and link sent, and the development OAuth provider, which signs anyone in as any
 * address). A loopback socket alone proves nothing: behind a reverse proxy on the same machine
 * every visitor arrives from 127.0.0.1. And a proxy can forward without leaving a trace (nginx with
 * `proxy_http_version 1.1` and its default Host, HAProxy without forwardfor, any TCP forwarder), so
 * two rules hold together:
 * - a server set up to be reached from elsewhere (one of its own addresses off loopback, as any
 *   deployment that serves a site or sends links to one has, or a proxy declared in front) serves
 *   no development route at all;
 * - otherwise a request counts as this machine's only when its socket is loopback, it carries no
 *   sign of a proxy, it speaks HTTP/1.1 as browsers and HTTP clients do to localhost, and it was
 *   addressed to a loopback name.
 * This is the one place a loopback address is trusted for anything besides counting requests.
 */

/** Header names that proxies, load balancers and CDNs add (a browser or HTTP client on this machine sends none). */
const PROXY_HEADER =
  /^(.*forwarded.*|via|x-real-ip|x-remote-.*|x-scheme|.*-proxy(-.*)?|.*client-?ip|.*connecting-ip|x-original-.*|x-envoy-.*|x-azure-.*|x-url-scheme|front-end-https|cdn-loop|x-proxyuser-ip)$/;

/** A Host header that names this machine: localhost, *.localhost, 127.x.y.z or [::1], with an optional port. */
const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127(\.\d{1,3}){3}|\[::1\])\.?(:\d{1,5})?$/i;

/** True for 127.0.0.0/8 and ::1 (and their IPv4-mapped forms). */
function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** Whether a host name can only mean this machine. */
function isLoopbackHost(host: string | null): boolean {
  if (host === null) return false;
  const name = host.replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** What a client wrote, cut short and stripped of control characters, to quote it in a message. */
function quoted(value: string): string {
  return JSON.stringify(value.replace(/\p{Cc}/gu, '').slice(0, 80));
}

/**
 * The settings that say this server is meant to be reached from elsewhere; empty when none do:
 * any of its own addresses (every setting declared ownAddress: public URL, allowed origins,
 * emailed links' pages, the passkey relying party, ...) off loopback, or a proxy declared in front.
 */
function reachableFromElsewhere(config: ServerConfig): string[] {
  const addresses = ownAddresses(config, [coreSection, ...configSections])
    .filter(({ host }) => !isLoopbackHost(host))
    .map(({ field, address }) => `${field} ${address}`);
  return [...new Set(addresses), ...(config.trustProxy === false ? [] : ['server.trustProxy (a proxy stands in front)'])];
}

/** Why this request is not from this machine, in words for the person who sent it; null when it is. */
function notFromThisMachine(c: Context<AppEnv>): string | null {
  // The socket's own peer, never the address a trusted proxy reported (trustProxy is about counting).
  const peer = peerAddress(c.env);
  if (!peer || !isLoopbackAddress(peer)) return `it came from ${peer ?? 'an unknown address'}, not from a loopback address`;
  const node = nodeRequest(c);
  // Served by Node, every header name is there; a request the app makes to itself (app.request) has
  // a web Headers object instead.
  const names = node ? Object.keys(node.headers) : [...c.req.raw.headers.keys()];
  const proxyHeader = names.find((name) => PROXY_HEADER.test(name));
  if (proxyHeader) return `it came through a proxy (it carries ${proxyHeader})`;
  // nginx's WebSocket recipe, copied into many configurations, sends this on every request.
  if (/\bupgrade\b/i.test(requestHeader(c, 'Connection') ?? '')) return 'it came through a proxy (it carries Connection: upgrade)';
  if (node) {
    // nginx forwards in HTTP/1.0 unless told otherwise; browsers and HTTP clients speak 1.1 to localhost.
    if (node.httpVersion !== '1.1') return `it came over HTTP/${node.httpVersion}, not HTTP/1.1`;
    // Node keeps the first of several Host headers; a request that sends two is not a browser's.
    if (node.rawHeaders.filter((_, index) => index % 2 === 0 && node.rawHeaders[index]!.toLowerCase() === 'host').length > 1)
      return 'it carries two Host headers';
  }
  // A request the app makes to itself has no Host header; its URL names the host.
  const host = requestHeader(c, 'Host') ?? new URL(c.req.url).host;
  if (!LOOPBACK_HOST.test(host)) return `it was addressed to ${quoted(host)}, not to localhost or a loopback address`;
  return null;
}

/** What a guard serves to this machine only, as its refusal names it, and how to serve it to others. */
export interface GuardedRoutes {
  what: string;
  remedy: string;
}

const DEVELOPMENT_ROUTES: GuardedRoutes = {
  what: 'Development routes (the outbox and the development sign-in) are',
  remedy: 'To serve Vestibule to others, set VESTIBULE_ENV=production.',
};

/**
 * Refuses, with 403 forbidden and the reason, every request when the server is reachable from
 * elsewhere, and every request not from this machine. `guarded` words the refusal: the routes
 * under /dev/ by default, or the paths a feature asks createApp to guard (Feature.thisMachineOnly:
 * /metrics without a token).
 */
export function thisMachineOnly(config: ServerConfig, guarded: GuardedRoutes = DEVELOPMENT_ROUTES): MiddlewareHandler<AppEnv> {
  const exposed = reachableFromElsewhere(config);
  const refuse = (why: string) => new ApiError('forbidden', `${guarded.what} served only to this machine, ${why}. ${guarded.remedy}`);
  return async (c, next) => {
    if (exposed.length > 0) throw refuse(`and this server is set up to be reached from elsewhere (${exposed.join(', ')}), so it serves them to no one`);
    const why = notFromThisMachine(c);
    if (why) throw refuse(`and this request is not from it: ${why}`);
    return next();
  };
}

/**
 * The warning a development server prints at start when it is set up to be reached from elsewhere
 * (reachableFromElsewhere: then it serves no development route) or listens on an interface that
 * is not loopback. Null when neither.
 */
export function developmentExposureWarning(config: ServerConfig): string | null {
  if (config.env !== 'development') return null;
  const exposed = reachableFromElsewhere(config);
  const listening = isLoopbackHost(config.host) ? [] : [`listening on ${config.host}`];
  if (exposed.length + listening.length === 0) return null;
  const consequence = exposed.length > 0 ? ' Set up like this, it serves them to no one.' : '';
  return `Warning: development mode: the outbox and the development sign-in are served to this machine only; set VESTIBULE_ENV=production to deploy (not loopback: ${[...exposed, ...listening].join(', ')}).${consequence}`;
}
