import type { Feature } from '../../http/feature.js';
import { registerSessionRoutes } from './routes.js';

export const sessions: Feature = { name: 'sessions', register: registerSessionRoutes };
