import { withLater } from '../../later/load';
import { loadOnce } from '../../parts/loadOnce';

/**
 * Loads the phone input (src/phone, libphonenumber-js with its metadata) on demand: only when a
 * Text or WhatsApp tab shows. The module is fetched once and shared; a failed load may be retried.
 */
export type PhoneModule = typeof import('../../phone');
import type { CountryCode } from '../../phone';
export type { CountryCode };

/** How long parsing may take on submit before the fallback (the number sent as typed). */
export const PHONE_SUBMIT_TIMEOUT_MS = 2000;

const phoneModule = loadOnce(withLater(() => import('../../phone')));

/** The module if it has already arrived (no flash of the placeholder on a second visit). */
export const phoneModuleIfLoaded = phoneModule.ready;
export const loadPhoneModule = phoneModule.load;

/** The promise's value, or null when it rejects or takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/**
 * The spec's fallback without the module (it never arrived): the country code plus the digits
 * typed. Without the module no country could be chosen, so the country is the default, US (+1);
 * a number typed with its own '+' keeps it.
 */
export function rawInternationalWithoutModule(value: string): string {
  const digits = value.replace(/\D/g, '');
  return value.trim().startsWith('+') ? `+${digits}` : `+1${digits}`;
}

/**
 * The number to send (E.164) and how OTPAuthenticate shows it (international form, '+44 7911
 * 123456'), or null when it is invalid. When parsing fails (the parser throws)
 * or the module never arrived, the number is treated as valid and both are the country code plus
 * the raw number.
 */
export function resolvePhone(mod: PhoneModule | null, value: string, country: CountryCode): { e164: string; formatted: string } | null {
  if (!/\d/.test(value)) return null;
  if (!mod) {
    const raw = rawInternationalWithoutModule(value);
    return { e164: raw, formatted: raw };
  }
  try {
    const parsed = mod.parsePhone(value, country);
    return parsed.valid ? { e164: parsed.e164, formatted: parsed.international } : null;
  } catch {
    // The module's parser failed outright: the number is treated as valid and sent as typed.
    let raw: string;
    try {
      raw = mod.rawInternational(value, country);
    } catch {
      raw = rawInternationalWithoutModule(value);
    }
    return { e164: raw, formatted: raw };
  }
}
