import type { Feature } from '../../http/feature.js';
import { registerEventRoutes } from './event-routes.js';
import { registerKeyRoutes } from './key-routes.js';
import { registerStatsRoutes } from './stats-routes.js';

/**
 * The management API's own resources: its keys, the record of what happened (events) and the
 * sign-in counts drawn from it. Users,
 * sessions, clients and webhooks are served by the features that own them.
 */
export const operators: Feature = {
  name: 'operators',
  register(app, deps) {
    registerKeyRoutes(app, deps);
    registerEventRoutes(app, deps);
    registerStatsRoutes(app, deps);
  },
};
