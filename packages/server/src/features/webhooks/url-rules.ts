import dns, { type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../../config/server-config.js';

/**
 * Where webhooks may go (server-side request forgery: an endpoint URL must not make the server
 * reach into its own network). In production: https only, and every address the host resolves to
 * must be public (ipaddr.js's 'unicast': not loopback, private, link-local, unique-local, carrier
 * NAT, documentation, multicast or any other special range, IPv4-mapped and NAT64 forms included).
 * In development http and loopback are allowed too, for a receiver on this machine.
 *
 * The rule is checked when an endpoint is registered (webhookUrlRefusal) and again by every
 * delivery's connection (checkedLookup), which connects to the very address it checked: a host
 * whose DNS answer changes after registration (DNS rebinding) gains nothing.
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
};

/** Why an address may not receive webhooks, or null when it may. */
export function addressRefusal(address: string, env: Env): string | null {
  const range = ipaddr.isValid(address) ? ipaddr.process(address).range() : 'unparsed';
  if (range === 'unicast' || (range === 'loopback' && env === 'development')) return null;
  const what = RANGE_NAMES[range] ?? `not a public address (${range})`;
  const rule =
    env === 'production' ? 'in production an endpoint must be on a public address' : 'an endpoint must be on a public or (in development) a loopback address';
  return `The webhook URL leads to ${address}, ${what}: ${rule}.`;
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
    const refusal = addressRefusal(address, env);
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
