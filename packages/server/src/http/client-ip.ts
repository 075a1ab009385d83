import type { MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config/server-config.js';
import type { AppEnv } from './app-env.js';
import { requestHeader } from './request-header.js';

/** The address the Node adapter's socket saw (c.env.incoming), or null under a bare app.fetch. */
function peerAddress(env: unknown): string | null {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/** Recent answers of canonical: parsing an address is a visible part of a small request's cost. */
const spellings = new LRUCache<string, string>({ max: 10_000 });

/** One spelling per address, so ::ffff:127.0.0.1 and 127.0.0.1 share a bucket. */
function canonical(address: string): string {
  let spelling = spellings.get(address);
  if (spelling === undefined) {
    spelling = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address.slice(0, 64);
    spellings.set(address, spelling);
  }
  return spelling;
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
 * Resolves the caller's address once per request into c.get('clientIp'): what every per-client
 * limit is keyed by. 'unknown' only when there is no socket at all (app.fetch called directly).
 */
export function clientAddress(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  const trusts = trustFunction(trust);
  return async (c, next) => {
    const peer = peerAddress(c.env);
    let address = peer ?? 'unknown';
    if (peer && trusts) {
      const forwarded = requestHeader(c, 'X-Forwarded-For');
      // proxy-addr reads a Node request; these are the only two fields it looks at.
      const request = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: { 'x-forwarded-for': forwarded } };
      address = proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trusts);
    }
    c.set('clientIp', canonical(address));
    return next();
  };
}
