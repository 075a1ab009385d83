import type { Feature } from '../../http/feature.js';
import { registerAttestRoute } from './attest.js';
import { idpConfig } from './config.js';
import { registerOAuthEndpoints } from './oauth-routes.js';
import { relyingPartyCors } from './relying-party-cors.js';
import { registerIdpRoutes } from './routes.js';
import { pruneIdpGrants, revokeUserGrants } from './grants-store.js';
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
  // Tokens first: a grant goes once its last token has.
  prune: async (db, now, limit) => (await pruneIdpTokens(db, now, limit)) + (await pruneIdpGrants(db, now, limit)),
  revokeUser: revokeUserGrants,
};
