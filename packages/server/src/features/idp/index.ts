import type { Feature } from '../../http/feature.js';
import { registerAttest } from './attest.js';
import { registerAuthorization } from './authorization.js';
import { registerClientRoutes } from './client-routes.js';
import { idpConfig } from './config.js';
import { registerDiscovery } from './discovery.js';
import { registerEndSession } from './end-session.js';
import { registerFedCm } from './fedcm/index.js';
import { idp as idpMigration } from './migrations/0010-idp.js';
import { idpGrants as idpGrantsMigration } from './migrations/0012-idp-grants.js';
import { idpClients as idpClientsMigration } from './migrations/0022-idp-clients.js';
import { pruneIdpGrants, revokeUserGrants } from './grants-store.js';
import { relyingPartyCors } from './relying-party-cors.js';
import { registerRevocation } from './revocation.js';
import { registerToken } from './token.js';
import { pruneIdpTokens } from './tokens-store.js';
import { registerUserinfo } from './userinfo.js';

/** Vestibule as an OpenID Connect provider (issue 15), one endpoint a file, and the session attest of its authorization page. */
export const idp: Feature = {
  name: 'idp',
  register(app, deps) {
    registerDiscovery(app, deps);
    // The authorization page's calls (the widget, with the user's session).
    registerAuthorization(app, deps);
    registerEndSession(app, deps);
    registerAttest(app, deps);
    // The relying party's calls, in OAuth's wire format.
    registerToken(app, deps);
    registerUserinfo(app, deps);
    registerRevocation(app, deps);
    // The browser's FedCM: the same sign-in without leaving the relying party's page.
    registerFedCm(app, deps);
    // The operators' management API: the clients made through it, which the provider finds as it finds the file's.
    registerClientRoutes(app, deps);
  },
  config: idpConfig,
  migrations: { '0010-idp': idpMigration, '0012-idp-grants': idpGrantsMigration, '0022-idp-clients': idpClientsMigration },
  cors: relyingPartyCors,
  // Tokens first: a grant goes once its last token has.
  prune: async (db, now, limit) => (await pruneIdpTokens(db, now, limit)) + (await pruneIdpGrants(db, now, limit)),
  revokeUser: revokeUserGrants,
};
