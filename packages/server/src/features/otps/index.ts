import type { Feature } from '../../http/feature.js';
import { registerOtpRoutes } from './routes.js';

export const otps: Feature = { name: 'otps', register: registerOtpRoutes };
