import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { e164, httpUrl, lockout, rate } from '../../config/schemas.js';

const otpTemplate = z.strictObject({
  subject: z.string().min(1).max(200).optional(),
  text: z.string().min(1).max(2000).refine((value) => value.includes('{code}'), 'must contain the {code} placeholder'),
});

export const otpsConfig: ConfigSection = {
  name: 'otps',
  project: {
    smsCountries: field(
      z
        .array(z.string().refine((value) => isSupportedCountry(value as CountryCode), 'must be an ISO 3166-1 alpha-2 country code like US'))
        .min(1)
        .nullable()
        .default(null),
      'ISO 3166-1 alpha-2 codes (e.g. `["US", "CA"]`) SMS/WhatsApp passcodes may go to; others answer 400 `invalid_phone_number_country_code`. null allows every country.',
    ),
    otpTemplates: field(
      z.record(z.string().min(1).max(128), otpTemplate).default({}),
      '`{ [templateId]: { subject?, text } }`: passcode email wording chosen by `login_template_id` (known user) / `signup_template_id` (new user). Placeholders `{code}` (required), `{projectName}`, `{minutes}`; the html part is the escaped text. An unknown id in a request is 400 `bad_request` naming it.',
    ),
  },
  server: {
    'sms.accountSid': field(z.string().min(1).optional(), 'SMS/WhatsApp provider account (Twilio or an API speaking its Messages format). Needs `authToken`.', { env: { name: 'TWILIO_ACCOUNT_SID', read: 'string' } }),
    'sms.authToken': field(z.string().min(1).optional(), 'Provider secret (HTTP Basic `accountSid:authToken`).', { env: { name: 'TWILIO_AUTH_TOKEN', read: 'string' } }),
    'sms.fromNumber': field(e164.optional(), 'E.164 sender of SMS. Unset: no SMS through the provider.', { env: { name: 'TWILIO_FROM_NUMBER', read: 'string' } }),
    'sms.whatsappFrom': field(e164.optional(), 'E.164 sender of WhatsApp messages (sent as `whatsapp:+…`). Unset: no WhatsApp through the provider.', { env: { name: 'TWILIO_WHATSAPP_FROM', read: 'string' } }),
    'sms.baseUrl': field(httpUrl.optional(), 'Provider base URL (tests point it at a local server).', { env: { name: 'TWILIO_BASE_URL', read: 'string' }, defaultText: '`https://api.twilio.com`' }),
    'rateLimits.otpPerDestination': field(rate(5, 600), '`{ limit, windowSeconds }` passcode sends per email address or phone number (SMS and WhatsApp share the number\'s count).'),
    'rateLimits.otpPerIp': field(rate(50, 600), '`{ limit, windowSeconds }` passcode sends per client address, all channels together.'),
    'rateLimits.otpLockout': field(lockout(10, 3600, 1800), '`{ maxFailures, windowSeconds, lockSeconds }`: that many wrong passcodes for one user (across codes) from one client address within the window lock that address out of the user\'s passcode sign-in for `lockSeconds`.'),
    'rateLimits.otpAccountLockout': field(lockout(50, 3600, 1800), 'The same for all addresses together: locks the user\'s passcode sign-in for everyone.'),
  },
  finish(config, { env }) {
    // The provider is one group: named by any of its fields, it needs an account and a secret.
    const sms = ((config as unknown as { sms?: Record<string, string | undefined> }).sms ?? {}) as Record<string, string | undefined>;
    if (!sms.accountSid && !sms.authToken && !sms.fromNumber && !sms.whatsappFrom) {
      config.sms = null;
      return;
    }
    if (!sms.accountSid) throw new ConfigError(env.TWILIO_AUTH_TOKEN ? 'TWILIO_ACCOUNT_SID' : 'server.sms.accountSid', 'required when an SMS provider is configured');
    if (!sms.authToken) throw new ConfigError(env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'server.sms.authToken', 'required when an SMS provider is configured');
    config.sms = {
      accountSid: sms.accountSid,
      authToken: sms.authToken,
      fromNumber: sms.fromNumber ?? null,
      whatsappFrom: sms.whatsappFrom ?? null,
      baseUrl: (sms.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, ''),
    };
  },
};
