/** Within this long a time reads as relative ('5 minutes ago'); after it, as a date. */
const RELATIVE_DAYS = 7;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * When something happened, as the person reads it in the widget's language: 'now',
 * '5 minutes ago', 'yesterday' within a week, else the date ('Mar 3, 2026').
 */
export function formatWhen(iso: string, now: number, locale: string | undefined, timeZone?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const ago = now - at;
  if (ago >= RELATIVE_DAYS * 86_400_000) return new Date(at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(ago) >= ms) return relative.format(-Math.trunc(ago / ms), unit);
  }
  return relative.format(0, 'second');
}
