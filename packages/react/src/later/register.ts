import { addStrings } from '../strings/en';
import { laterCommon } from '../strings/later';
import laterSheet from '../styles/later.css?inline';
import { addStyles } from '../theme/injectStyles';

/** Every feature's later-strings.ts, found by the bundler: a new feature needs no line here. */
const tables = import.meta.glob<Record<string, string>>('../features/*/later-strings.ts', { eager: true, import: 'laterStrings' });

/** Every feature's later.css, likewise. */
const sheets = import.meta.glob<string>('../features/*/later.css', { query: '?inline', import: 'default', eager: true });

/** Every later text, the shared ones then each feature's by folder (also `@vestibule/react/strings`). */
export const laterStrings = Object.assign(
  {},
  laterCommon,
  ...Object.keys(tables)
    .sort()
    .map((path) => tables[path]),
) as Record<string, string>;

/**
 * Adds the later texts and styles to the widget's. load.ts calls it once this chunk arrives; a
 * mount whose first screen shows them (the reset page, passkey registration) calls it as it loads.
 */
export function registerLater(): void {
  addStrings(laterStrings);
  addStyles(
    [
      laterSheet,
      ...Object.keys(sheets)
        .sort()
        .map((path) => sheets[path]),
    ].join('\n'),
  );
}
