import type { Feature } from '../../http/feature.js';
import { registerJwksRoutes } from './routes.js';

export const jwks: Feature = { name: 'jwks', register: registerJwksRoutes };
