import { field, type ConfigSection } from '../../config/declare.js';
import { rate } from '../../config/schemas.js';

export const cryptoConfig: ConfigSection = {
  name: 'crypto',
  server: {
    'rateLimits.cryptoPerIp': field(rate(100, 600), '`{ limit, windowSeconds }` wallet sign-in message starts, and signature checks, per client address (each its own count).'),
  },
};
