import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { e164, httpUrl, lockout, rate } from '../../config/schemas.js';
import type { LockoutRule, RateLimitRule, SmsProviderConfig } from '../../config/server-config.js';

const otpTemplate = z.strictObject({
  subject: z.string().min(1).max(200).optional(),
  text: z
    .string()
    .min(1)
    .max(2000)
    .refine((value) => value.includes('{code}'), 'must contain the {code} placeholder'),
});

export const otpsConfig: ConfigSection = {
  name: 'otps',
  project: {
    smsCountries: field(
      z
        .union([
          z.literal('all'),
          z.array(z.string().refine((value) => isSupportedCountry(value as CountryCode), 'must be an ISO 3166-1 alpha-2 country code like US')).min(1),
        ])
        .nullable()
        .default(null),
      'ISO 3166-1 alpha-2 codes (e.g. `["US", "CA"]`) SMS/WhatsApp passcodes may go to, or `"all"`; others answer 400 `invalid_phone_number_country_code`. Unset allows every country in development; production with a text provider refuses to start without it (a decision about where texts may cost money, written out).',
      {
        env: {
          name: 'VESTIBULE_SMS_COUNTRIES',
          read: (raw) =>
            raw.trim() === 'all'
              ? 'all'
              : raw
                  .split(',')
                  .map((code) => code.trim())
                  .filter(Boolean),
        },
      },
    ),
    otpTemplates: field(
      z.record(z.string().min(1).max(128), otpTemplate).default({}),
      '`{ [templateId]: { subject?, text } }`: passcode email wording chosen by `login_template_id` (known user) / `signup_template_id` (new user). Placeholders `{code}` (required), `{projectName}`, `{minutes}`; the html part is the escaped text. An unknown id in a request is 400 `bad_request` naming it.',
    ),
  },
  server: {
    'sms.accountSid': field(z.string().min(1).optional(), 'SMS/WhatsApp provider account (Twilio or an API speaking its Messages format). Needs `authToken`.', {
      env: { name: 'TWILIO_ACCOUNT_SID', read: 'string' },
    }),
    'sms.authToken': field(z.string().min(1).optional(), 'Provider secret (HTTP Basic `accountSid:authToken`).', {
      env: { name: 'TWILIO_AUTH_TOKEN', read: 'string' },
    }),
    'sms.fromNumber': field(e164.optional(), 'E.164 sender of SMS. Unset: no SMS through the provider.', {
      env: { name: 'TWILIO_FROM_NUMBER', read: 'string' },
    }),
    'sms.whatsappFrom': field(e164.optional(), 'E.164 sender of WhatsApp messages (sent as `whatsapp:+…`). Unset: no WhatsApp through the provider.', {
      env: { name: 'TWILIO_WHATSAPP_FROM', read: 'string' },
    }),
    'sms.baseUrl': field(httpUrl.optional(), 'Provider base URL (tests point it at a local server).', {
      env: { name: 'TWILIO_BASE_URL', read: 'string' },
      defaultText: '`https://api.twilio.com`',
    }),
    'rateLimits.otpPerDestination': field(
      rate(5, 600),
      "`{ limit, windowSeconds }` passcode sends per email address or phone number (SMS and WhatsApp share the number's count).",
    ),
    'rateLimits.otpPerIp': field(
      rate(50, 600),
      '`{ limit, windowSeconds }` passcode sends per client address, all channels together (the variable: that object as JSON).',
      { env: { name: 'VESTIBULE_OTP_PER_IP', read: (raw) => JSON.parse(raw) } },
    ),
    'rateLimits.otpPerPhoneRange': field(
      rate(10, 3600),
      '`{ limit, windowSeconds }` text passcodes (SMS and WhatsApp together) to numbers that differ only in their last three digits: pumping fraud walks a range of numbers one at a time.',
    ),
    smsHourlyBudget: field(
      z.number().int().min(1).default(1000),
      'Text messages (SMS and WhatsApp) the project sends in an hour; past it, text passcodes answer 503 `text_message_budget_exceeded` (logged) and email keeps working. Size it at a few times your busiest hour.',
      { env: { name: 'VESTIBULE_SMS_HOURLY_BUDGET', read: 'integer' } },
    ),
    smsCountryHourlyBudget: field(
      z.number().int().min(1).default(200),
      'The same, per country of the number: a pumping attack spends it on one country while the others still get their texts.',
      { env: { name: 'VESTIBULE_SMS_COUNTRY_HOURLY_BUDGET', read: 'integer' } },
    ),
    'rateLimits.accountCodesPerUser': field(
      rate(10, 3600),
      '`{ limit, windowSeconds }` passcodes the account page sends per user, to the addresses and numbers it adds (besides the limits per client address and per destination above).',
    ),
    'rateLimits.otpLockout': field(
      lockout(10, 3600, 1800),
      "`{ maxFailures, windowSeconds, lockSeconds }`: that many wrong passcodes for one user (across codes) from one client address within the window lock that address out of the user's passcode sign-in for `lockSeconds`.",
    ),
    'rateLimits.otpAccountLockout': field(lockout(50, 3600, 1800), "The same for all addresses together: locks the user's passcode sign-in for everyone."),
  },
  finish(config, { env }) {
    // The provider is one group: named by any of its fields, it needs an account and a secret.
    const sms = ((config as unknown as { sms?: Record<string, string | undefined> }).sms ?? {}) as Record<string, string | undefined>;
    if (!sms.accountSid && !sms.authToken && !sms.fromNumber && !sms.whatsappFrom) {
      config.sms = null;
      return;
    }
    if (config.env === 'production' && config.project.smsCountries === null) {
      throw new ConfigError(
        env.TWILIO_ACCOUNT_SID ? 'VESTIBULE_SMS_COUNTRIES' : 'project.smsCountries',
        'required in production when text messages are configured: the countries passcodes may be texted to (e.g. US,CA), or all',
      );
    }
    if (!sms.accountSid)
      throw new ConfigError(env.TWILIO_AUTH_TOKEN ? 'TWILIO_ACCOUNT_SID' : 'server.sms.accountSid', 'required when an SMS provider is configured');
    if (!sms.authToken)
      throw new ConfigError(env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'server.sms.authToken', 'required when an SMS provider is configured');
    config.sms = {
      accountSid: sms.accountSid,
      authToken: sms.authToken,
      fromNumber: sms.fromNumber ?? null,
      whatsappFrom: sms.whatsappFrom ?? null,
      baseUrl: (sms.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, ''),
    };
  },
};

export interface OtpTemplate {
  /** Email subject (email passcodes only); the built-in subject when absent. */
  subject?: string;
  /** Message text; must contain {code}. */
  text: string;
}

declare module '../../config/server-config.js' {
  interface ProjectConfig {
    /** ISO country codes SMS/WhatsApp passcodes may go to; 'all' (or, in development, unset: null) allows every country. */
    smsCountries: string[] | 'all' | null;
    /** Passcode wording chosen by login_template_id / signup_template_id; placeholders {code} {projectName} {minutes}. */
    otpTemplates: Record<string, OtpTemplate>;
  }
  interface ServerConfig {
    /** SMS and WhatsApp provider; null: texts only reach the development outbox. */
    sms: SmsProviderConfig | null;
    /** Text messages (SMS and WhatsApp) the project sends in an hour, and to any one country. */
    smsHourlyBudget: number;
    smsCountryHourlyBudget: number;
  }
  interface RateLimitConfig {
    /** Passcode sends per destination (email address or phone number). */
    otpPerDestination: RateLimitRule;
    /** Passcode sends per client IP. */
    otpPerIp: RateLimitRule;
    /** Text passcodes to numbers that differ only in their last three digits (SMS and WhatsApp together). */
    otpPerPhoneRange: RateLimitRule;
    /** Passcodes the account page sends per user, to the addresses and numbers it adds. */
    accountCodesPerUser: RateLimitRule;
    /** Wrong passcodes per user from one client address before that address is locked out of the user's passcode sign-in. */
    otpLockout: LockoutRule;
    /** Wrong passcodes per user from every address together before the user's passcode sign-in is locked for all (higher). */
    otpAccountLockout: LockoutRule;
  }
}
