import { fedcmRoutes } from '@vestibule/contract';
import type { ServerConfig } from '../../../config/server-config.js';

/** The FedCM endpoints' absolute URLs on the API (the issuer): the well-known file and the config file name them. */
export function fedcmEndpoints(config: Pick<ServerConfig, 'publicUrl'>) {
  const at = (path: string) => `${config.publicUrl}${path}`;
  return {
    config: at(fedcmRoutes.config.path),
    accounts: at(fedcmRoutes.accounts.path),
    clientMetadata: at(fedcmRoutes.clientMetadata.path),
    assertion: at(fedcmRoutes.assertion.path),
    disconnect: at(fedcmRoutes.disconnect.path),
    login: at(fedcmRoutes.login.path),
  };
}
