import type { Feature } from '../../http/feature.js';
import { registerOpenApiRoutes } from './routes.js';

export const openapi: Feature = { name: 'openapi', register: registerOpenApiRoutes };
