import { OAUTH_PROVIDER_TYPES } from '@vestibule/contract/oauth-providers';
import { type ConfigFault, configFault, OTP_METHODS, PRODUCTS } from './config-fault';

/**
 * The developer's message for a mistake in a configuration (config-fault.ts finds it): what is
 * wrong and what the option takes, naming the option as it is written. Loaded by a mount only when
 * there is a mistake; exported for hosts that check a configuration themselves.
 */

/** A value as the integrator wrote it; strings quoted, so '30' and 30 read differently. */
function show(value: unknown): string {
  if (typeof value === 'string') return `the string '${value}'`;
  if (Array.isArray(value)) return 'an array';
  return value === null || typeof value !== 'object' ? String(value) : 'an object';
}

/** A value found in a list where it does not belong: a string as written ('pigeon'), else as show() says. */
const item = (value: unknown) => (typeof value === 'string' ? `'${value}'` : show(value));

/** 'a', 'b' and 'c' (or 'a', 'b' or 'c'). */
function list(values: readonly string[], last: 'and' | 'or'): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} ${last} ${quoted.at(-1)}`;
}

/** The sentence for a fault, without the 'Vestibule config:' prefix. */
function word(fault: ConfigFault): string {
  switch (fault[0]) {
    case 'config':
      return `the config is ${show(fault[1])}; it takes an object with a products array.`;
    case 'group':
      return `${fault[1]} is ${show(fault[2])}; it takes an object.`;
    case 'productsNotArray':
      return `products is ${show(fault[1])}; it takes an array of ${list(PRODUCTS, 'and')}.`;
    case 'productsEmpty':
      return `products is empty; add at least one of ${list(PRODUCTS, 'or')}.`;
    case 'productUnknown':
      return `products has ${item(fault[1])}; the products are ${list(PRODUCTS, 'and')}.`;
    case 'otpMethodsNone':
      return `products has 'otp' but otpOptions.methods is ${fault[1] ? 'empty' : 'missing'}; add at least one of ${list(OTP_METHODS, 'or')}.`;
    case 'otpMethodsNotArray':
      return `otpOptions.methods is ${show(fault[1])}; it takes an array of ${list(OTP_METHODS, 'and')}.`;
    case 'otpMethodUnknown':
      return `otpOptions.methods has ${item(fault[1])}; the methods are ${list(OTP_METHODS, 'and')}.`;
    case 'otpLocale':
      return `otpOptions.locale is ${show(fault[1])}; it takes a language tag such as 'de' or 'pt-BR'.`;
    case 'oauthPosition':
      return `oauthOptions.position is ${show(fault[1])}; it takes 'above' or 'below'.`;
    case 'oauthProvidersNotArray':
      return `oauthOptions.providers is ${show(fault[1])}; it takes an array of entries such as { type: 'google' }.`;
    case 'oauthProviderUnknown':
      return `oauthOptions.providers has type ${item(fault[1])}; the types are ${list(OAUTH_PROVIDER_TYPES, 'and')}.`;
    case 'minutes':
      return `${fault[1]} is ${show(fault[3])}; it takes a whole number of minutes from ${fault[2].min} to ${fault[2].max}.`;
  }
}

/**
 * The first mistake in a configuration, as a message for the developer (console and widget), or
 * null when it is sound.
 */
export function configProblem(config: unknown): string | null {
  const fault = configFault(config);
  return fault && `Vestibule config: ${word(fault)}`;
}
