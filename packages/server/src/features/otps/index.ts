import type { Feature } from '../../http/feature.js';
import { otpsConfig } from './config.js';
import { registerOtpRoutes } from './routes.js';
import { countUserPhones } from './phone-numbers-store.js';
import { phoneNumbersPart } from './user-part.js';

export const otps: Feature = { name: 'otps', register: registerOtpRoutes, config: otpsConfig, userPart: phoneNumbersPart, waysIn: countUserPhones };
