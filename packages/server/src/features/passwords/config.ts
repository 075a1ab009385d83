import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { httpUrl, lockout, minutes, rate } from '../../config/schemas.js';
import type { Argon2Params, LockoutRule, RateLimitRule } from '../../config/server-config.js';

const passwordPolicy = z
  .discriminatedUnion('policy', [
    z.strictObject({ policy: z.literal('zxcvbn'), minScore: z.number().int().min(0).max(4).default(3) }),
    z.strictObject({ policy: z.literal('luds'), ludsComplexity: z.number().int().min(1).max(4), ludsMinimumCount: z.number().int().min(1).max(256) }),
    z.strictObject({ policy: z.literal('none') }),
  ])
  .default({ policy: 'zxcvbn', minScore: 3 });

function intFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(name, `must be an integer ${min}..${max} (got "${raw}")`);
  return value;
}

export const passwordsConfig: ConfigSection = {
  name: 'passwords',
  project: {
    passwordPolicy: field(
      passwordPolicy,
      'How new passwords are judged: `{ "policy": "zxcvbn", "minScore": 3 }` (zxcvbn score 0..4 at least `minScore`) or `{ "policy": "luds", "ludsComplexity": 1..4, "ludsMinimumCount": 1..256 }` (that many of lower/upper/digit/symbol and at least that many characters) or `{ "policy": "none" }` (no strength rule; breached passwords are still refused, and the widget shows no strength feedback). The one source of bootstrap `passwordConfig`: the luds counts, or null. Env: `VESTIBULE_PASSWORD_POLICY` (`zxcvbn`|`luds`|`none`), `VESTIBULE_LUDS_COMPLEXITY`, `VESTIBULE_LUDS_MINIMUM_COUNT` (luds defaults 3 and 8 when the file has no luds counts).',
      { defaultText: 'zxcvbn, minScore 3' },
    ),
    resetPasswordRedirectUrls: field(
      z.array(httpUrl).min(1, 'must list at least one URL').default(['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset']),
      'Exact URLs a password-reset link may lead to; the first is used when the client names none.',
      { env: { name: 'VESTIBULE_RESET_REDIRECT_URLS', read: 'list' }, ownAddress: true },
    ),
    resetPasswordExpirationMinutes: field(minutes(5, 10080).default(30), 'Reset-link lifetime when the client names none (5..10080).'),
  },
  server: {
    argon2: field(
      z
        .strictObject({
          memoryCost: z.number().int().min(8192).max(4_194_304).default(19456),
          timeCost: z.number().int().min(1).max(100).default(2),
          parallelism: z.number().int().min(1).max(255).default(1),
        })
        .prefault({}),
      "`{ memoryCost (KiB), timeCost, parallelism }` for new argon2id password hashes; a stored hash made with other parameters is rehashed at the user's next successful login.",
      { defaultText: 'OWASP: 19456, 2, 1' },
    ),
    breachRangeUrl: field(
      httpUrl.nullable().optional(),
      'Optional k-anonymity breached-password service (Have I Been Pwned style, e.g. `https://api.pwnedpasswords.com`). Unset: the local corpus only, no network.',
      {
        env: { name: 'VESTIBULE_BREACH_RANGE_URL', read: 'string' },
      },
    ),
    'rateLimits.passwordStrengthPerIp': field(rate(300, 600), 'Strength checks per client address.'),
    'rateLimits.passwordPerIp': field(rate(100, 600), 'Per client address, counted separately for password create, authenticate and reset (token use).'),
    'rateLimits.passwordPerAccount': field(rate(50, 600), 'Password authenticate calls per email address (right or wrong).'),
    'rateLimits.passwordLockout': field(
      lockout(10, 3600, 1800),
      '`{ maxFailures, windowSeconds, lockSeconds }`: that many wrong passwords for one account (email address, known or not) from one client address within the window lock that address out of it.',
    ),
    'rateLimits.passwordAccountLockout': field(
      lockout(100, 3600, 1800),
      "The same for all addresses together: locks the account's password login for everyone (a reset, or signing in by link or code, still works).",
    ),
    'rateLimits.passwordResetPerEmail': field(rate(5, 600), 'Reset emails requested per address (known or not).'),
    'rateLimits.passwordResetPerIp': field(rate(50, 600), 'Reset emails requested per client address.'),
  },
  finish(config, { env }) {
    config.breachRangeUrl = config.breachRangeUrl ? config.breachRangeUrl.replace(/\/+$/, '') : null;
    // VESTIBULE_PASSWORD_POLICY and the luds counts act on one field together.
    const file = config.project.passwordPolicy;
    const name = env.VESTIBULE_PASSWORD_POLICY || file.policy;
    if (name !== 'zxcvbn' && name !== 'luds' && name !== 'none')
      throw new ConfigError('VESTIBULE_PASSWORD_POLICY', `must be zxcvbn, luds or none (got "${name}")`);
    const complexity = intFromEnv(env, 'VESTIBULE_LUDS_COMPLEXITY', 1, 4);
    const count = intFromEnv(env, 'VESTIBULE_LUDS_MINIMUM_COUNT', 1, 256);
    config.project.passwordPolicy =
      name === 'none'
        ? { policy: 'none' }
        : name === 'zxcvbn'
          ? { policy: 'zxcvbn', minScore: file.policy === 'zxcvbn' ? file.minScore : 3 }
          : {
              policy: 'luds',
              ludsComplexity: complexity ?? (file.policy === 'luds' ? file.ludsComplexity : 3),
              ludsMinimumCount: count ?? (file.policy === 'luds' ? file.ludsMinimumCount : 8),
            };
  },
};

export type PasswordPolicy =
  | { policy: 'zxcvbn' /** Lowest zxcvbn score (0..4) a valid password has; default 3. */; minScore: number }
  | { policy: 'luds' /** Character kinds (lower, upper, digit, symbol) needed, 1..4. */; ludsComplexity: number; ludsMinimumCount: number }
  /** No strength rule: any password of 1..256 characters that is not known breached. */
  | { policy: 'none' };

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** How new passwords are judged; bootstrap passwordConfig is derived from it (luds counts, or null). */
    passwordPolicy: PasswordPolicy;
    /** Exact URLs a password-reset link may lead to; the first is the default. */
    resetPasswordRedirectUrls: string[];
    /** Reset-link lifetime when the client names none (5..10080). */
    resetPasswordExpirationMinutes: number;
  }
  interface ServerConfig {
    /** argon2id parameters for password hashes; a stored hash made with others is rehashed at the next login. */
    argon2: Argon2Params;
    /** k-anonymity breached-password range API base (GET {url}/range/{5 hex}); null: the local corpus only. */
    breachRangeUrl: string | null;
  }
  interface RateLimitConfig {
    /** Strength checks per client IP. */
    passwordStrengthPerIp: RateLimitRule;
    /** Password create, authenticate and reset calls per client IP (each route its own count). */
    passwordPerIp: RateLimitRule;
    /** Password authenticate calls per account (email address). */
    passwordPerAccount: RateLimitRule;
    /** Wrong passwords per account (email) from one client address before that address is locked out of it. */
    passwordLockout: LockoutRule;
    /** Wrong passwords per account (email) from every address together before password sign-in is locked for all (higher). */
    passwordAccountLockout: LockoutRule;
    /** Reset emails per address. */
    passwordResetPerEmail: RateLimitRule;
    /** Reset emails per client IP. */
    passwordResetPerIp: RateLimitRule;
  }
}
