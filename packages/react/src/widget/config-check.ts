import { EXPIRATION_MINUTES, OTP_EXPIRATION_MINUTES, SESSION_DURATION_MINUTES } from '@vestibule/contract/durations';
import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import type { OtpMethod, Product } from '../types';

/**
 * The configuration check every mount runs before it draws anything (issue 11): a mistake an
 * integrator can make in LoginConfig gives one developer message naming the option, instead of a
 * form that hangs or a server error at code entry. Plain checks, no schema library: it ships in the
 * login bundle. The ranges and provider types are the contract's, the ones the server enforces.
 *
 * The configurations the product itself refuses (passkeys alone, magic links with email
 * passcodes) are shown on Main in the user's words, not here: the features that cannot be shown
 * with them say so (Feature.main.error).
 */

// Written as records so that a product or method added to the types must be added here too.
const PRODUCTS = Object.keys({ emailMagicLinks: 1, passwords: 1, otp: 1, passkeys: 1, oauth: 1, crypto: 1 } satisfies Record<Product, 1>);
const OTP_METHODS = Object.keys({ email: 1, sms: 1, whatsapp: 1 } satisfies Record<OtpMethod, 1>);

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

type Options = Record<string, unknown>;

const isObject = (value: unknown): value is Options => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as the integrator wrote it; strings quoted, so '30' and 30 read differently. */
function show(value: unknown): string {
  if (typeof value === 'string') return `the string '${value}'`;
  if (Array.isArray(value)) return 'an array';
  return value === null || typeof value !== 'object' ? String(value) : 'an object';
}

/** 'a', 'b' and 'c' (or 'a', 'b' or 'c'). */
function list(values: readonly string[], last: 'and' | 'or'): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${last} ${quoted.at(-1)}`;
}

/** The first value in the list that is not one of `known`, as written ('pigeon', 3); or null. */
function firstUnknown(values: unknown[], known: readonly string[]): string | null {
  const at = values.findIndex((v) => typeof v !== 'string' || !known.includes(v));
  if (at < 0) return null;
  const bad = values[at];
  return typeof bad === 'string' ? `'${bad}'` : show(bad);
}

function productsProblem(products: unknown): string | null {
  if (!Array.isArray(products)) return `products is ${show(products)}; it takes an array of ${list(PRODUCTS, 'and')}.`;
  if (products.length === 0) return `products is empty; add at least one of ${list(PRODUCTS, 'or')}.`;
  const bad = firstUnknown(products, PRODUCTS);
  return bad && `products has ${bad}; the products are ${list(PRODUCTS, 'and')}.`;
}

function otpProblem(products: unknown[], otp: Options | undefined): string | null {
  const methods = otp?.methods;
  // Without methods the passcode product has nothing to show.
  if (products.includes('otp') && (methods === undefined || (Array.isArray(methods) && methods.length === 0))) {
    return `products has 'otp' but otpOptions.methods is ${methods ? 'empty' : 'missing'}; add at least one of ${list(OTP_METHODS, 'or')}.`;
  }
  if (methods === undefined) return null;
  if (!Array.isArray(methods)) return `otpOptions.methods is ${show(methods)}; it takes an array of ${list(OTP_METHODS, 'and')}.`;
  const bad = firstUnknown(methods, OTP_METHODS);
  return bad && `otpOptions.methods has ${bad}; the methods are ${list(OTP_METHODS, 'and')}.`;
}

function oauthProblem(oauth: Options | undefined): string | null {
  if (oauth === undefined) return null;
  const { providers, position } = oauth;
  if (position !== undefined && position !== 'above' && position !== 'below') {
    return `oauthOptions.position is ${show(position)}; it takes 'above' or 'below'.`;
  }
  if (providers === undefined) return null;
  if (!Array.isArray(providers)) return `oauthOptions.providers is ${show(providers)}; it takes an array of entries such as { type: 'google' }.`;
  const bad = firstUnknown(
    providers.map((entry: unknown) => (isObject(entry) ? entry.type : entry)),
    OAUTH_PROVIDER_TYPES,
  );
  return bad && `oauthOptions.providers has type ${bad}; the types are ${list(OAUTH_PROVIDER_TYPES, 'and')}.`;
}

function minutesProblem(config: Options): string | null {
  for (const [group, field, { min, max }] of MINUTES) {
    const value = (config[group] as Options | undefined)?.[field];
    if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)) continue;
    return `${group}.${field} is ${show(value)}; it takes a whole number of minutes from ${min} to ${max}.`;
  }
  return null;
}

/**
 * The first mistake in a configuration, as a message for the developer (console and widget), or
 * null when it is sound.
 */
export function configProblem(config: unknown): string | null {
  const problem = checkConfig(config);
  return problem && `Vestibule config: ${problem}`;
}

function checkConfig(config: unknown): string | null {
  if (!isObject(config)) return `the config is ${show(config)}; it takes an object with a products array.`;
  const group = GROUPS.find((name) => config[name] !== undefined && !isObject(config[name]));
  if (group) return `${group} is ${show(config[group])}; it takes an object.`;
  const products = config.products;
  return (
    productsProblem(products) ??
    otpProblem(products as unknown[], config.otpOptions as Options | undefined) ??
    oauthProblem(config.oauthOptions as Options | undefined) ??
    minutesProblem(config)
  );
}
