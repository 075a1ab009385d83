import ipaddr from 'ipaddr.js';
import type { ServerConfig } from '../../config/server-config.js';
import { ApiError } from '../../kernel/api-error.js';
import type { ClientFields } from './clients-store.js';
import { isKnownScope } from './scopes.js';

/** Whether a URL's host can only mean the machine it runs on: localhost, 127.0.0.0/8 or [::1]. */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || (ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback');
}

/**
 * The rules a client made or changed through the management API meets beyond its fields' shapes
 * (the contract's): in production, its URIs and origins use https, plain http only on a loopback
 * address (a native app's redirect, RFC 8252 section 7.3), since a code or token sent over plain
 * http to another host can be read on the way (400 idp_client_uri_not_allowed); and every scope it
 * may ask for is one the server knows, standard or the RBAC policy's (400 bad_request), as one it
 * does not know could never be granted.
 */
export function checkClientFields(config: ServerConfig, fields: Partial<ClientFields>): void {
  if (config.env === 'production') {
    const named: Array<[string, string[] | undefined]> = [
      ['redirect_uris', fields.redirect_uris],
      ['post_logout_redirect_uris', fields.post_logout_redirect_uris],
      ['allowed_origins', fields.allowedOrigins],
    ];
    for (const [field, uris] of named) {
      const plain = uris?.find((uri) => {
        const url = new URL(uri);
        return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
      });
      if (plain) throw new ApiError('idp_client_uri_not_allowed', `${field}: ${plain} uses plain http on a host that is not loopback; use https.`);
    }
  }
  const unknown = fields.allowed_scopes?.find((scope) => !isKnownScope(scope, config.idp.rbac));
  if (unknown)
    throw new ApiError(
      'bad_request',
      `Field allowed_scopes is invalid: ${unknown} is neither a standard scope nor one of the RBAC policy's (idp.rbac.scopes).`,
    );
}
