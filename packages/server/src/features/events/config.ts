import { field, type ConfigSection } from '../../config/declare.js';
import { rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

export const eventsConfig: ConfigSection = {
  name: 'events',
  server: {
    'rateLimits.eventsPerIp': field(rate(2000, 600), 'Client events stored per client address (every event of a batch counts).'),
  },
};

declare module '../../config/server-config.js' {
  interface RateLimitConfig {
    /** Client events stored per client IP (each event counts one). */
    eventsPerIp: RateLimitRule;
  }
}
