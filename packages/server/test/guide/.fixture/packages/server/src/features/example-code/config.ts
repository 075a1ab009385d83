import { field, type ConfigSection } from '../../config/declare.js';
import { minutes, rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

export const exampleCodeConfig: ConfigSection = {
  name: 'example-code',
  project: {
    exampleCodeLifetimeMinutes: field(minutes(5, 525600).default(43200), 'How long a sign-in code works after it is made (5..525600).'),
  },
  server: {
    'rateLimits.exampleCodePerIp': field(rate(20, 600), '`{ limit, windowSeconds }` codes made and sign-ins with a code, per client address.'),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    exampleCodeLifetimeMinutes: number;
  }
  interface RateLimitConfig {
    /** Codes made and sign-ins with a code per client IP. */
    exampleCodePerIp: RateLimitRule;
  }
}
