import type { Feature } from '../../http/feature.js';
import { eventsConfig } from './config.js';
import { pruneClientEvents } from './prune.js';
import { registerEventRoutes } from './routes.js';

export const events: Feature = { name: 'events', register: registerEventRoutes, config: eventsConfig, prune: pruneClientEvents };
