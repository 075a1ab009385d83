import type { Feature } from '../../http/feature.js';
import { oauthConfig } from './config.js';
import { registerOAuthRoutes } from './routes.js';

export const oauth: Feature = { name: 'oauth', register: registerOAuthRoutes, config: oauthConfig };
