import { z } from 'zod';
import { field, type ConfigSection } from '../../config/declare.js';
import { lockout } from '../../config/schemas.js';
import type { LockoutRule } from '../../config/server-config.js';

export const twoStepConfig: ConfigSection = {
  name: 'two-step',
  project: {
    mfa: field(
      z.enum(['optional', 'required']).default('optional'),
      'Two-step verification: `optional` (people turn it on from the account page) or `required` (whoever signs in without it adds an authenticator app right after their first factor, before any session exists, and cannot turn it off).',
      { env: { name: 'VESTIBULE_MFA', read: 'string' } },
    ),
  },
  server: {
    'rateLimits.twoStepLockout': field(
      lockout(5, 900, 900),
      "`{ maxFailures, windowSeconds, lockSeconds }`: that many wrong codes from an authenticator app (or recovery codes) for one user from one client address within the window lock that address out of the user's second step.",
    ),
    'rateLimits.twoStepAccountLockout': field(lockout(20, 3600, 3600), "The same for all addresses together: locks the user's second step for everyone."),
  },
};

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** Whether every user must have two-step verification (features/two-step). */
    mfa: 'optional' | 'required';
  }
  interface RateLimitConfig {
    /** Wrong second-step codes per user from one client address before that address is locked out of the user's second step. */
    twoStepLockout: LockoutRule;
    /** Wrong second-step codes per user from every address together before the user's second step is locked for all. */
    twoStepAccountLockout: LockoutRule;
  }
}
