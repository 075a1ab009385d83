import { field, type ConfigSection } from '../../config/declare.js';
import { minutes, rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

export const magicLinksConfig: ConfigSection = {
  name: 'magic-links',
  project: {
    loginExpirationMinutes: field(minutes(5, 10080).default(30), 'Login magic-link lifetime when the client names none (5..10080).'),
    signupExpirationMinutes: field(minutes(5, 10080).default(30), 'Sign-up magic-link lifetime when the client names none (5..10080).'),
  },
  server: {
    'rateLimits.magicLinkPerEmail': field(rate(5, 600), '`{ limit, windowSeconds }` magic-link sends per address.'),
    'rateLimits.magicLinkPerIp': field(rate(50, 600), '`{ limit, windowSeconds }` magic-link sends per client address (the variable: that object as JSON).', {
      env: { name: 'VESTIBULE_MAGIC_LINK_PER_IP', read: (raw) => JSON.parse(raw) },
    }),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    loginExpirationMinutes: number;
    signupExpirationMinutes: number;
  }
  interface RateLimitConfig {
    /** Magic-link sends per email address. */
    magicLinkPerEmail: RateLimitRule;
    /** Magic-link sends per client IP. */
    magicLinkPerIp: RateLimitRule;
  }
}
