import { common } from './common';

type CommonStrings = typeof common;

/**
 * Every user-visible English text of the widgets, written once, keyed by an internal name. A host
 * overrides any of them through the `strings` mount option, keyed by the English text itself;
 * placeholders are written {name}.
 *
 * The table is the shared texts (common.ts), Main's (src/main/strings.ts) and every feature's
 * (src/features/<feature>/strings.ts, which adds its keys to this interface by declaration merging):
 * what first screens show. What later screens show (later-strings.ts beside them, ./later.ts) loads
 * after the first paint, so the first load does not carry it (src/later/).
 * The error catalogue lives in @vestibule/client (errorMessages); its texts are
 * overridable too, keyed by their English text.
 */
export interface StringTable extends CommonStrings {}

export type StringKey = keyof StringTable;

/** Every strings.ts beside a feature (and Main's), found by the bundler: a new feature needs no line here. */
const tables = import.meta.glob<Record<string, string>>(['../main/strings.ts', '../features/*/strings.ts'], {
  eager: true,
  import: 'strings',
});

/**
 * The first screens' texts; every feature's later-strings.ts (and ./later.ts) joins them once loaded
 * (addStrings, from src/later/), before anything that shows them draws.
 */
export const en = Object.assign(
  {},
  common,
  ...Object.keys(tables)
    .sort()
    .map((path) => tables[path]),
) as StringTable;

/** Adds texts loaded after the first paint (src/later/register.ts). */
export function addStrings(table: Partial<StringTable>): void {
  Object.assign(en, table);
}
