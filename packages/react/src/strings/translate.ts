import { Fragment, createElement, type ReactNode } from 'react';
import type { Strings } from '../types';
import { en, type StringKey } from './en';

export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;
export type TranslateRich = (key: StringKey, values: Record<string, ReactNode>) => ReactNode;

/** A language's translation, keyed by the English text (src/locales/); none for English. */
export type Translated = Readonly<Record<string, string>> | null;

/** The first of the texts given that is text: a page's override that is not (a number, an object) is passed over. */
const text = (...given: unknown[]) => given.find((value): value is string => typeof value === 'string');

/** Whether `values` has its own `name`: a host's text naming '{constructor}' is not filled from Object. */
const has = (values: object, name: string) => Object.keys(values).includes(name);

/**
 * The text for a key: the host's override of the English text (or of the key) if any, else the
 * language's translation, else the English text.
 */
function template(key: StringKey, overrides: Strings | undefined, translation: Translated): string {
  const english = en[key] ?? notLoaded(key);
  return text(overrides?.[english], overrides?.[key], translation?.[english]) ?? english;
}

/**
 * A later text asked for before src/later/ loaded it: a part that draws before the first paint uses
 * it (it belongs in its feature's strings.ts), or a lazy part that does not await loadLater. Loud in
 * development and tests; the key in a production build.
 */
function notLoaded(key: StringKey): string {
  if (import.meta.env.DEV) throw new Error(`The text '${key}' is not loaded yet: see src/later/load.ts`);
  return key;
}

/** Overrides are keyed by the English default (types.ts); the internal key name is also accepted. */
export function makeTranslate(overrides: Strings | undefined, translation: Translated = null): Translate {
  return (key, values) =>
    template(key, overrides, translation).replace(/\{(\w+)\}/g, (whole, name: string) => (values && has(values, name) ? String(values[name]) : whole));
}

/** Like makeTranslate, but placeholders may be React nodes (e.g. a bold address); text stays text. */
export function makeTranslateRich(overrides: Strings | undefined, translation: Translated = null): TranslateRich {
  return (key, values) => {
    const parts = template(key, overrides, translation).split(/\{(\w+)\}/g);
    return createElement(
      Fragment,
      null,
      ...parts.map((part, i) => (i % 2 === 1 && has(values, part) ? createElement(Fragment, { key: i }, values[part]) : i % 2 === 1 ? `{${part}}` : part)),
    );
  };
}

/**
 * Translates a text by its English wording (a `texts.ts` text, an error's message from the
 * server): the host's override, else the language's translation, else the text as it is.
 */
export function translateFree(wording: string, overrides: Strings | undefined, translation: Translated = null): string {
  return text(overrides?.[wording], translation?.[wording]) ?? wording;
}
