import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config/server-config.js';
import type { AppEnv } from './app-env.js';
import { nodeHeader, requestHeader } from './request-header.js';

/** The address the Node adapter's socket saw (c.env.incoming), or null under a bare app.fetch. */
export function peerAddress(env: unknown): string | null {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/** Recent answers of clientKey: parsing an address is a visible part of a small request's cost. */
const keys = new LRUCache<string, string>({ max: 10_000 });

/** An address without the port some proxies append ('198.51.100.8:40000', '[2001:db8::1]:443'). */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4 ? ipv4[1]! : address;
}

/**
 * The key a client's requests are counted under. One spelling per address, so ::ffff:127.0.0.1
 * and 127.0.0.1 share a bucket. An IPv6 client counts by its prefix (/64 by default): a home
 * connection or a server is given a whole /64, 2^64 addresses to rotate through, so counting each
 * would let one client past every per-client limit. IPv4 stays per address. A port a proxy
 * appends is not part of the client: each connection would otherwise count apart.
 */
export function clientKey(address: string, ipv6Prefix: number): string {
  const cacheKey = `${ipv6Prefix} ${address}`;
  let key = keys.get(cacheKey);
  if (key === undefined) {
    const bare = withoutPort(address);
    // Text that is no address (a proxy's garbage, or a client's, where it is trusted) is one bucket
    // for all: were each spelling its own, anyone could write a fresh one per request.
    if (!ipaddr.isValid(bare)) key = address === 'unknown' ? address : 'unparsed';
    else {
      const parsed = ipaddr.process(bare);
      key =
        parsed.kind() === 'ipv6' && ipv6Prefix < 128
          ? `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`
          : parsed.toString();
    }
    keys.set(cacheKey, key);
  }
  return key;
}

/**
 * Which hops of X-Forwarded-For to believe. `false`: none, the socket's peer is the client. A
 * number N: the N nearest hops are our proxies, so the client is the address the outermost of them
 * saw (never the left-most entry, which the client writes itself). A list: addresses or CIDRs of our
 * proxies; the client is the right-most hop not in it.
 */
function trustFunction(trust: TrustProxy): ((address: string, hop: number) => boolean) | null {
  if (trust === false) return null;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/**
 * The caller's own address in one spelling (::ffff:127.0.0.1 is 127.0.0.1, an IPv6 address is
 * written short), for people to read in their list of signed-in devices; null when it is no address.
 */
function shownAddress(address: string): string | null {
  const bare = withoutPort(address);
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null;
}

/** The caller's address as `trust` says to read it: the socket's peer, or a hop of X-Forwarded-For; 'unknown' without a socket. */
export function callerAddress(trust: TrustProxy): (peer: string | null, forwarded: string | undefined) => string {
  const trusts = trustFunction(trust);
  return (peer, forwarded) => {
    if (!peer) return 'unknown';
    if (!trusts) return peer;
    // proxy-addr reads a Node request; these are the only two fields it looks at.
    const request = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwarded } };
    return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trusts);
  };
}

/** The caller's address of a request Node answers outside the app (a hot path), as the app would see it, for people to read (shownAddress). */
export function shownCallerAddress(trust: TrustProxy): (request: IncomingMessage) => string | null {
  const addressOf = callerAddress(trust);
  return (request) => shownAddress(addressOf(request.socket.remoteAddress ?? null, nodeHeader(request, 'x-forwarded-for')));
}

/**
 * Resolves the caller once per request into c.get('clientIp'): what every per-client limit and
 * lockout is keyed by (an IPv4 address, or an IPv6 prefix: clientKey). 'unknown' only when there
 * is no socket at all (app.fetch called directly).
 */
export function clientAddress(trust: TrustProxy, ipv6Prefix: number): MiddlewareHandler<AppEnv> {
  const addressOf = callerAddress(trust);
  return async (c, next) => {
    const address = addressOf(peerAddress(c.env), requestHeader(c, 'X-Forwarded-For'));
    c.set('clientIp', clientKey(address, ipv6Prefix));
    c.set('clientAddress', shownAddress(address));
    return next();
  };
}
