import type { HttpClient } from './http.js';
import type { VestibuleClient } from './types.js';

/**
 * The identity provider's authorization page (issue 15): what the identity-provider widget calls
 * with the relying party's request read from the page's query string. The signed-in user's
 * session goes with each call (Bearer), as for every call of this client.
 */
export function createIdp(http: HttpClient): VestibuleClient['idp'] {
  return {
    authorizeStart: (params) => http.request('POST /sdk/v1/oauth2/authorize/start', params),
    authorizeSubmit: (params) => http.request('POST /sdk/v1/oauth2/authorize', params),
    logoutStart: (params) => http.request('POST /sdk/v1/oauth2/logout/start', params),
  };
}
