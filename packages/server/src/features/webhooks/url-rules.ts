import dns, { type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../../config/server-config.js';

/**
 * Where webhooks may go (server-side request forgery: an endpoint URL must not make the server
 * reach into its own network). In production: https only, and every address the host resolves to
 * must be public (ipaddr.js's 'unicast': not loopback, private, link-local, unique-local, carrier
 * NAT, documentation, multicast or any other special range, IPv4-mapped and NAT64 forms included;
 * and for IPv6, within 2000::/3, the only space handed out for public use, which leaves out the
 * IPv4-compatible ::/96, [::127.0.0.1], that ipaddr.js calls unicast).
 * In development http and loopback are allowed too, for a receiver on this machine.
 *
 * The rule is checked when an endpoint is registered (webhookUrlRefusal) and again by every
 * delivery's connection (checkedLookup), which connects to the very address it checked: a host
 * whose DNS answer changes after registration (DNS rebinding) gains nothing. A refusal names the
 * kind of address, never the address a name resolves to: an operator would otherwise learn what
 * internal names resolve to, one registration at a time.
 */

type Env = ServerConfig['env'];

/** What people call each range the rule refuses. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  ipv4Compatible: 'an IPv4-compatible address (::/96)',
  notGlobalUnicast: 'an IPv6 address outside 2000::/3 (the global unicast space)',
};

const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** The range an address is in: ipaddr.js's name, or one of ours for IPv6 that it calls unicast and no public host has. */
function rangeOf(address: string): string {
  if (!ipaddr.isValid(address)) return 'unparsed';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast' || parsed.kind() === 'ipv4') return range;
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return ipv6.match(GLOBAL_UNICAST) ? 'unicast' : 'notGlobalUnicast';
}

/**
 * Why an address may not receive webhooks, or null when it may. `reached`: how the URL leads to it,
 * 'is' for an address written in the URL, 'resolves to' for one its host name resolves to.
 */
export function addressRefusal(address: string, env: Env, reached: 'is' | 'resolves to' = 'is'): string | null {
  const range = rangeOf(address);
  if (range === 'unicast' || (range === 'loopback' && env === 'development')) return null;
  const what = RANGE_NAMES[range] ?? `not a public address (${range})`;
  const rule =
    env === 'production' ? 'in production an endpoint must be on a public address' : 'an endpoint must be on a public or (in development) a loopback address';
  return `The webhook URL's host ${reached} ${what}: ${rule}.`;
}

/** Every address the system resolver gives for a host name (the one call a delivery's connection also makes). */
function resolveHost(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/** The first refusal among the addresses a host resolves to: one non-public address refuses the host, whichever a connection would pick. */
function addressesRefusal(addresses: readonly LookupAddress[], env: Env): string | null {
  for (const { address } of addresses) {
    const refusal = addressRefusal(address, env, 'resolves to');
    if (refusal) return refusal;
  }
  return null;
}

/** A URL's host as the resolver and ipaddr.js take it ('[::1]' is '::1'). */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Why a URL may not receive webhooks, or null when it may: its scheme, then each address its host resolves to now. */
export async function webhookUrlRefusal(text: string, env: Env): Promise<string | null> {
  const url = new URL(text);
  if (env === 'production' && url.protocol !== 'https:') return 'In production a webhook URL must be https.';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'A webhook URL must be http or https.';
  const host = bareHost(url);
  if (isIP(host)) return addressRefusal(host, env);
  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(host);
  } catch {
    return `The webhook URL's host ${host} does not resolve, so its addresses cannot be checked.`;
  }
  return addressesRefusal(addresses, env);
}

/** What http.request calls to resolve a host (its `lookup` option). */
type LookupFunction = (
  hostname: string,
  options: { all?: boolean },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => void;

/**
 * A resolver for a delivery's connection that applies the rule to what it resolved: the socket
 * connects to the addresses checked here, or fails with the refusal's words.
 */
export function checkedLookup(env: Env): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        const refusal = addresses.length === 0 ? `${hostname} resolves to no address.` : addressesRefusal(addresses, env);
        if (refusal) return callback(Object.assign(new Error(refusal), { code: 'EWEBHOOKADDRESS' }), '', 0);
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
