import type { Feature } from '../../http/feature.js';
import { CHECK_PATH, checkHotPath } from './check-hot-path.js';
import { sessionsConfig } from './config.js';
import { registerDeviceRoutes } from './devices.js';
import { registerManagementSessionRoutes } from './management-routes.js';
import { registerSessionRoutes } from './routes.js';

/** Session checks and sign-out; the account page's signed-in devices; and the management API's sessions of a user. */
export const sessions: Feature = {
  name: 'sessions',
  register(app, deps) {
    registerSessionRoutes(app, deps);
    registerDeviceRoutes(app, deps);
    registerManagementSessionRoutes(app, deps);
  },
  hotPaths: (deps) => ({ [CHECK_PATH]: checkHotPath(deps) }),
  config: sessionsConfig,
};
