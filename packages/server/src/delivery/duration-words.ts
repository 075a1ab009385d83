import { durationText } from './email-parts.js';
import type { Locale } from '@vestibule/contract';

type Unit = 'minute' | 'hour' | 'day';

/** '5 Minuten', '1 時間', 'يومان': Intl's long unit names, with their plural forms (Node has full ICU); French joins hours and days to their number with a no-break space. */
const inWords = (count: number, unit: Unit, language: Locale) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(count);

/**
 * How long a link works, in words of the language: whole days as days, whole hours as hours,
 * else minutes. English is durationText's ('15 minutes', '1 hour', '2 days'), as it always was.
 */
export function durationWords(minutes: number, language: Locale): string {
  if (language === 'en') return durationText(minutes);
  if (minutes % 1440 === 0) return inWords(minutes / 1440, 'day', language);
  if (minutes % 60 === 0) return inWords(minutes / 60, 'hour', language);
  return inWords(minutes, 'minute', language);
}

/** A number of minutes in words of the language: '1 minute', '5 minutes', '5 Minuten', '5 分'. */
export function minutesWords(minutes: number, language: Locale): string {
  if (language === 'en') return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return inWords(minutes, 'minute', language);
}
