import type { Feature } from '../../http/feature.js';
import { registerAttestRoute } from './attest.js';
import { idpConfig } from './config.js';
import { registerOAuthEndpoints } from './oauth-routes.js';
import { relyingPartyCors } from './relying-party-cors.js';
import { registerIdpRoutes } from './routes.js';
import { pruneIdpTokens } from './tokens-store.js';

/** Vestibule as an OpenID Connect provider (issue 15). */
export const idp: Feature = {
  name: 'idp',
  register(app, deps) {
    registerIdpRoutes(app, deps);
    registerOAuthEndpoints(app, deps);
    registerAttestRoute(app, deps);
  },
  config: idpConfig,
  cors: relyingPartyCors,
  prune: pruneIdpTokens,
};
