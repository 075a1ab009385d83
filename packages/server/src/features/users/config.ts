import { field, type ConfigSection } from '../../config/declare.js';
import { rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';

export const usersConfig: ConfigSection = {
  name: 'users',
  server: {
    'rateLimits.userSearchPerIp': field(rate(100, 600), '`POST /users/search` per client address.'),
    'rateLimits.untrustedMetadataPerUser': field(
      rate(60, 600),
      "`POST /account/untrusted_metadata` per user: each write is a user.updated event, delivered to the project's webhooks.",
    ),
  },
};

declare module '../../config/server-config.js' {
  interface RateLimitConfig {
    /** POST /users/search per client IP. */
    userSearchPerIp: RateLimitRule;
    /** POST /account/untrusted_metadata per user. */
    untrustedMetadataPerUser: RateLimitRule;
  }
}
