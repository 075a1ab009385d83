import type { IdpClient } from '@vestibule/contract';
import type { ServerConfig } from '../../config/server-config.js';
import type { IdpClientConfig } from './config.js';

export function findClient(config: ServerConfig, clientId: string): IdpClientConfig | undefined {
  return config.idp.clients.find((client) => client.client_id === clientId);
}

export const clientInfo = (client: IdpClientConfig): IdpClient => ({
  client_id: client.client_id,
  client_name: client.client_name,
  client_type: client.client_type,
});
