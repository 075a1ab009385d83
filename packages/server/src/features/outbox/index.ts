import type { Feature } from '../../http/feature.js';
import { registerOutboxRoutes } from './routes.js';

export const outbox: Feature = { name: 'outbox', register: registerOutboxRoutes, enabled: (config) => config.outboxEnabled };
