import { createVestibuleClient, type VestibuleClient } from '@vestibule/client';
import type { PageConfig } from '../page-config';

/**
 * The browser client the login widget signs the operator in with. Its cookies have names of their
 * own and the console's path: cookies belong to a host, not a port, so on localhost the demo's
 * widget (another port) would otherwise read and replace the operator's session, and the other
 * paths of the API never need them.
 */
export function consoleClient(config: PageConfig): VestibuleClient {
  return createVestibuleClient({
    publicToken: config.publicToken,
    apiBaseUrl: config.apiBaseUrl,
    cookieOptions: {
      path: config.basePath,
      opaqueTokenCookieName: 'vestibule_console_session',
      jwtCookieName: 'vestibule_console_session_jwt',
      istCookieName: 'vestibule_console_intermediate_session_token',
    },
  });
}
