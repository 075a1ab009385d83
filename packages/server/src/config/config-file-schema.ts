import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);
const url = z.string().refine((value) => URL.canParse(value), 'must be an absolute URL');
const origin = z
  .string()
  .refine((value) => URL.canParse(value) && new URL(value).origin === value, 'must be an origin like http://localhost:3000');

const rateLimitRule = z.strictObject({ limit: z.number().int().min(1), windowSeconds: z.number().int().min(1) });
const lockoutRule = z.strictObject({
  maxFailures: z.number().int().min(1),
  windowSeconds: z.number().int().min(1),
  lockSeconds: z.number().int().min(1),
});
const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 number like +15005550006');
const otpTemplate = z.strictObject({
  subject: z.string().min(1).max(200).optional(),
  text: z.string().min(1).max(2000).refine((value) => value.includes('{code}'), 'must contain the {code} placeholder'),
});

/** The shape of vestibule.config.json. Every field is documented in packages/server/README.md. */
export const configFileSchema = z.strictObject({
  $schema: z.string().optional(),
  server: z
    .strictObject({
      env: z.enum(['development', 'production']).optional(),
      port: z.number().int().min(0).max(65535).optional(),
      host: z.string().min(1).optional(),
      publicUrl: url.optional(),
      dataDir: z.string().min(1).optional(),
      databaseUrl: z.string().optional(),
      smtpUrl: z.string().optional(),
      trustProxy: z.union([z.boolean(), z.number().int().min(1).max(10), z.array(z.string().min(1)).min(1)]).optional(),
      rateLimits: z
        .strictObject({
          magicLinkPerEmail: rateLimitRule.optional(),
          magicLinkPerIp: rateLimitRule.optional(),
          otpPerDestination: rateLimitRule.optional(),
          otpPerIp: rateLimitRule.optional(),
          otpLockout: lockoutRule.optional(),
          otpAccountLockout: lockoutRule.optional(),
          userSearchPerIp: rateLimitRule.optional(),
          passwordStrengthPerIp: rateLimitRule.optional(),
          passwordPerIp: rateLimitRule.optional(),
          passwordPerAccount: rateLimitRule.optional(),
          passwordLockout: lockoutRule.optional(),
          passwordAccountLockout: lockoutRule.optional(),
          passwordResetPerEmail: rateLimitRule.optional(),
          passwordResetPerIp: rateLimitRule.optional(),
          eventsPerIp: rateLimitRule.optional(),
        })
        .optional(),
      argon2: z
        .strictObject({
          memoryCost: z.number().int().min(8192).max(4_194_304).optional(),
          timeCost: z.number().int().min(1).max(100).optional(),
          parallelism: z.number().int().min(1).max(255).optional(),
        })
        .optional(),
      breachRangeUrl: url.nullable().optional(),
      sms: z
        .strictObject({
          accountSid: z.string().min(1).optional(),
          authToken: z.string().min(1).optional(),
          fromNumber: e164.optional(),
          whatsappFrom: e164.optional(),
          baseUrl: url.optional(),
        })
        .optional(),
    })
    .optional(),
  project: z.strictObject({
    name: z.string().min(1),
    publicToken: z.string().min(8),
    allowedOrigins: z.array(origin),
    loginRedirectUrls: z.array(url).min(1),
    signupRedirectUrls: z.array(url).min(1),
    emailFrom: z.string().min(3),
    loginExpirationMinutes: minutes(5, 10080).default(30),
    signupExpirationMinutes: minutes(5, 10080).default(30),
    sessionDurationMinutes: minutes(5, 525600).default(30),
    maxSessionDurationMinutes: minutes(5, 525600).default(525600),
    sessionJwtMinutes: minutes(1, 60).default(5),
    displayWatermark: z.boolean().default(true),
    passwordPolicy: z
      .discriminatedUnion('policy', [
        z.strictObject({ policy: z.literal('zxcvbn'), minScore: z.number().int().min(0).max(4).default(3) }),
        z.strictObject({
          policy: z.literal('luds'),
          ludsComplexity: z.number().int().min(1).max(4),
          ludsMinimumCount: z.number().int().min(1).max(256),
        }),
      ])
      .default({ policy: 'zxcvbn', minScore: 3 }),
    resetPasswordRedirectUrls: z.array(url).min(1).default(['http://localhost:3000/reset', 'http://127.0.0.1:3000/reset']),
    resetPasswordExpirationMinutes: minutes(5, 10080).default(30),
    rbacPolicy: z
      .strictObject({ scopes: z.array(z.strictObject({ scope: z.string().min(1), description: z.string() })) })
      .nullable()
      .default(null),
    smsCountries: z
      .array(z.string().refine((value) => isSupportedCountry(value as CountryCode), 'must be an ISO 3166-1 alpha-2 country code like US'))
      .min(1)
      .nullable()
      .default(null),
    otpTemplates: z.record(z.string().min(1).max(128), otpTemplate).default({}),
  }),
});

export type ConfigFile = z.infer<typeof configFileSchema>;
