import type { Feature } from '../../http/feature.js';
import { usersConfig } from './config.js';
import { registerUserRoutes } from './routes.js';

export const users: Feature = { name: 'users', register: registerUserRoutes, config: usersConfig };
