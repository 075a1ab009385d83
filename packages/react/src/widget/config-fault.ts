import { EXPIRATION_MINUTES, OTP_EXPIRATION_MINUTES, SESSION_DURATION_MINUTES } from '@vestibule/contract/durations';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import type { OtpMethod, Product } from '../types';

/**
 * The configuration check every mount runs before it draws anything (issue 11): a mistake an
 * integrator can make in LoginConfig is found here, before a form that would hang or a server
 * error at code entry, and worded for the developer by config-check.ts (configProblem), which
 * loads only when there is a mistake to word. Plain checks, no schema library: they ship in the
 * login bundle. The ranges and provider types are the contract's, the ones the server enforces.
 *
 * The configurations the product itself refuses (passkeys alone, magic links with email
 * passcodes) are shown on Main in the user's words, not here: the features that cannot be shown
 * with them say so (Feature.main.error).
 */

// Written as records so that a product or method added to the types must be added here too.
export const PRODUCTS = Object.keys({ emailMagicLinks: 1, passwords: 1, otp: 1, passkeys: 1, oauth: 1, crypto: 1 } satisfies Record<Product, 1>);
export const OTP_METHODS = Object.keys({ email: 1, sms: 1, whatsapp: 1 } satisfies Record<OtpMethod, 1>);

type Range = { min: number; max: number };

/** The minutes options, by option group, and the range the server accepts for each. */
const MINUTES: [group: string, field: string, range: Range][] = [
  ['emailMagicLinksOptions', 'loginExpirationMinutes', EXPIRATION_MINUTES],
  ['emailMagicLinksOptions', 'signupExpirationMinutes', EXPIRATION_MINUTES],
  ['otpOptions', 'expirationMinutes', OTP_EXPIRATION_MINUTES],
  ['passwordOptions', 'loginExpirationMinutes', EXPIRATION_MINUTES],
  ['passwordOptions', 'resetPasswordExpirationMinutes', EXPIRATION_MINUTES],
  ['sessionOptions', 'sessionDurationMinutes', SESSION_DURATION_MINUTES],
];

const GROUPS = ['emailMagicLinksOptions', 'otpOptions', 'sessionOptions', 'oauthOptions', 'passwordOptions'];

/** The first mistake, as what config-check.ts needs to word it: what is wrong, and the values it names. */
export type ConfigFault =
  | ['config', value: unknown]
  | ['group', group: string, value: unknown]
  | ['productsNotArray', value: unknown]
  | ['productsEmpty']
  | ['productUnknown', value: unknown]
  | ['otpMethodsNone', empty: boolean]
  | ['otpMethodsNotArray', value: unknown]
  | ['otpMethodUnknown', value: unknown]
  | ['otpLocale', value: unknown]
  | ['oauthPosition', value: unknown]
  | ['oauthProvidersNotArray', value: unknown]
  | ['oauthProviderUnknown', value: unknown]
  | ['minutes', option: string, range: Range, value: unknown];

type Options = Record<string, unknown>;

const isObject = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fault for the first of `values` that is not one of `known`, or null. */
function unknownIn(values: unknown[], known: readonly string[], fault: (value: unknown) => ConfigFault): ConfigFault | null {
  const at = values.findIndex((v) => typeof v !== 'string' || !known.includes(v));
  return at < 0 ? null : fault(values[at]);
}

function productsFault(products: unknown): ConfigFault | null {
  if (!Array.isArray(products)) return ['productsNotArray', products];
  if (products.length === 0) return ['productsEmpty'];
  return unknownIn(products, PRODUCTS, (value) => ['productUnknown', value]);
}

function otpFault(products: unknown[], otp: Options | undefined): ConfigFault | null {
  const methods = otp?.methods;
  // A language tag the server is sent with every passcode: not text, every send would be refused.
  if (otp?.locale !== undefined && typeof otp.locale !== 'string') return ['otpLocale', otp.locale];
  // Without methods the passcode product has nothing to show.
  if (products.includes('otp') && (methods === undefined || (Array.isArray(methods) && methods.length === 0))) return ['otpMethodsNone', Boolean(methods)];
  if (methods === undefined) return null;
  if (!Array.isArray(methods)) return ['otpMethodsNotArray', methods];
  return unknownIn(methods, OTP_METHODS, (value) => ['otpMethodUnknown', value]);
}

function oauthFault(oauth: Options | undefined): ConfigFault | null {
  if (oauth === undefined) return null;
  const { providers, position } = oauth;
  if (position !== undefined && position !== 'above' && position !== 'below') return ['oauthPosition', position];
  if (providers === undefined) return null;
  if (!Array.isArray(providers)) return ['oauthProvidersNotArray', providers];
  return unknownIn(
    providers.map((entry: unknown) => (isObject(entry) ? entry.type : entry)),
    OAUTH_PROVIDER_TYPES,
    (value) => ['oauthProviderUnknown', value],
  );
}

function minutesFault(config: Options): ConfigFault | null {
  for (const [group, field, range] of MINUTES) {
    const value = (config[group] as Options | undefined)?.[field];
    if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max)) continue;
    return ['minutes', `${group}.${field}`, range, value];
  }
  return null;
}

/** The first mistake in a configuration, or null when it is sound. */
export function configFault(config: unknown): ConfigFault | null {
  if (!isObject(config)) return ['config', config];
  const group = GROUPS.find((name) => config[name] !== undefined && !isObject(config[name]));
  if (group) return ['group', group, config[group]];
  const products = config.products;
  return (
    productsFault(products) ??
    otpFault(products as unknown[], config.otpOptions as Options | undefined) ??
    oauthFault(config.oauthOptions as Options | undefined) ??
    minutesFault(config)
  );
}
