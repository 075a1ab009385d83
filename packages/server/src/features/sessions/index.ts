import type { Feature } from '../../http/feature.js';
import { CHECK_PATH, checkHotPath } from './check-hot-path.js';
import { sessionsConfig } from './config.js';
import { registerDeviceRoutes } from './devices.js';
import { registerSessionRoutes } from './routes.js';

/** Session checks and sign-out; and the account page's signed-in devices. */
export const sessions: Feature = {
  name: 'sessions',
  register(app, deps) {
    registerSessionRoutes(app, deps);
    registerDeviceRoutes(app, deps);
  },
  hotPaths: (deps) => ({ [CHECK_PATH]: checkHotPath(deps) }),
  config: sessionsConfig,
};
