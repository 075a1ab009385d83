import type { IdpClient } from '@vestibule/contract';
import type { ServerConfig } from '../../config/server-config.js';
import type { AppDeps } from '../../http/app-env.js';
import { readClient, someStoredClientListsOrigin } from './clients-store.js';
import type { IdpClientConfig } from './config.js';

/** The configuration file's entry of this client_id (server.idp.clients), if any. */
export function configClient(config: ServerConfig, clientId: string): IdpClientConfig | undefined {
  return config.idp.clients.find((client) => client.client_id === clientId);
}

/**
 * The client a relying party names: the configuration file's entry, else the one registered through
 * the management API. The latter is read from the database on each call (a primary-key read), so an
 * update or deletion holds at once on every instance, with nothing to keep in step.
 */
export async function findClient(deps: Pick<AppDeps, 'config' | 'db'>, clientId: string): Promise<IdpClientConfig | undefined> {
  return configClient(deps.config, clientId) ?? (await readClient(deps.db, clientId));
}

/** Whether any client, the file's or the API's, lists this browser origin (allowedOrigins), for CORS. */
export async function someClientListsOrigin(deps: Pick<AppDeps, 'config' | 'db'>, origin: string): Promise<boolean> {
  return deps.config.idp.clients.some((client) => client.allowedOrigins.includes(origin)) || (await someStoredClientListsOrigin(deps.db, origin));
}

export const clientInfo = (client: IdpClientConfig): IdpClient => ({
  client_id: client.client_id,
  client_name: client.client_name,
  client_type: client.client_type,
});
