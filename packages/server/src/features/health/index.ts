import type { Feature } from '../../http/feature.js';
import { registerHealthRoutes } from './routes.js';

export const health: Feature = { name: 'health', register: registerHealthRoutes };
