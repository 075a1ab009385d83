import { createVestibuleClient, type ClientOptions, type VestibuleClient } from '@vestibule/client';

/**
 * One client per set of client options on the page: two widgets mounted with the same public
 * token share the session manager, so signing in with one is seen by the other at once.
 */
const clients = new Map<string, VestibuleClient>();

export function clientFor({ publicToken, apiBaseUrl, customApiDomain, cookieOptions, fetch }: ClientOptions): VestibuleClient {
  const key = JSON.stringify([publicToken, apiBaseUrl, customApiDomain, cookieOptions]);
  let client = clients.get(key);
  if (!client) {
    client = createVestibuleClient({ publicToken, apiBaseUrl, customApiDomain, cookieOptions, fetch });
    clients.set(key, client);
  }
  return client;
}
