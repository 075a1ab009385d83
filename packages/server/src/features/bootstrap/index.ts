import type { Feature } from '../../http/feature.js';
import { bootstrapConfig } from './config.js';
import { registerBootstrapRoutes } from './routes.js';

export const bootstrap: Feature = { name: 'bootstrap', register: registerBootstrapRoutes, config: bootstrapConfig };
