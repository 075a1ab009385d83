import type { Feature } from '../../http/feature.js';
import { usersConfig } from './config.js';
import { registerManagementUserRoutes } from './management-routes.js';
import { usersByCreation } from './migrations/0021-users-by-creation.js';
import { registerOwnMetadataRoute } from './own-metadata-route.js';
import { registerUserRoutes } from './routes.js';

/**
 * Users: the signed-in user and the password screen's search (routes.ts), the user's own
 * untrusted_metadata (own-metadata-route.ts), and the management API's users: list and search,
 * create (with a password hash imported from another system), update and delete
 * (management-routes.ts).
 */
export const users: Feature = {
  name: 'users',
  register(app, deps) {
    registerUserRoutes(app, deps);
    registerOwnMetadataRoute(app, deps);
    registerManagementUserRoutes(app, deps);
  },
  config: usersConfig,
  migrations: { '0021-users-by-creation': usersByCreation },
};
