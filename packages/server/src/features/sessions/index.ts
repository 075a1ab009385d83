import type { Feature } from '../../http/feature.js';
import { CHECK_PATH, checkHotPath } from './check-hot-path.js';
import { sessionsConfig } from './config.js';
import { registerSessionRoutes } from './routes.js';

export const sessions: Feature = {
  name: 'sessions',
  register: registerSessionRoutes,
  hotPaths: (deps) => ({ [CHECK_PATH]: checkHotPath(deps) }),
  config: sessionsConfig,
};
