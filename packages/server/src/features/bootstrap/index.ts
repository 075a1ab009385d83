import type { Feature } from '../../http/feature.js';
import { registerBootstrapRoutes } from './routes.js';

export const bootstrap: Feature = { name: 'bootstrap', register: registerBootstrapRoutes };
