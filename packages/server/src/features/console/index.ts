import type { Feature } from '../../http/feature.js';
import { consoleConfig } from './config.js';
import { registerConsoleRoutes } from './routes.js';

/** The operators' console at /console (packages/console, built), served by the server itself so that every deployment has it. */
export const consoleFeature: Feature = { name: 'console', register: registerConsoleRoutes, config: consoleConfig };
