import type { Feature } from '../../http/feature.js';
import { oauthWaysIn, unlinkUserAccounts } from './accounts.js';
import { registerOAuthAccountRoutes } from './account-routes.js';
import { oauthConfig } from './config.js';
import { oauth as oauthMigration } from './migrations/0008-oauth.js';
import { configuredProviders } from './configured-providers.js';
import { developmentProviders } from './dev-provider.js';
import { registerOneTapRoutes } from './one-tap.js';
import { registerOAuthRoutes } from './routes.js';
import { oauthAccountsPart } from './user-part.js';

/** Sign-in with OAuth providers: the development provider (in development), Google one-tap, the flow's routes, and the account page's connected accounts. */
export const oauth: Feature = {
  name: 'oauth',
  register(app, deps) {
    const { providers, unconfigured } = configuredProviders(deps.config);
    // In development a provider without a client id is played by the development provider.
    if (unconfigured.length > 0) for (const [type, stand] of developmentProviders(app, deps, unconfigured)) providers.set(type, stand);
    registerOneTapRoutes(app, deps, providers.get('google'));
    // Start, callback and the landing's authenticate, for every provider.
    registerOAuthRoutes(app, deps, providers);
    // The account page's Connect (a link token for that flow) and Disconnect.
    registerOAuthAccountRoutes(app, deps, providers);
  },
  config: oauthConfig,
  migrations: { '0008-oauth': oauthMigration },
  revokeUser: unlinkUserAccounts,
  userPart: oauthAccountsPart,
  waysIn: oauthWaysIn,
};
