import { useEffect, useState } from 'react';
import type { Language } from './choose';

const ENGLISH: Language = { locale: 'en', translation: null };

/** The languages decided so far, by the `locale` option asked: a later mount asking the same draws at once. */
const decided = new Map<string | undefined, Language>();

/**
 * The mount's language, or undefined while it is being decided. English at once when the mount asks
 * for it or asks nothing of a browser that prefers it (or of no browser: server rendering);
 * otherwise the choice and its translation are fetched (choose.ts) before the widget draws, so it
 * never shows English and then jumps, and a page in English carries none of it. Texts that cannot
 * be fetched leave the widget in English.
 */
export function useLanguage(asked: string | undefined): Language | undefined {
  const first = asked ?? globalThis.navigator?.languages?.[0];
  const english = !first || /^en(-|$)/i.test(first);
  const [language, setLanguage] = useState(() => decided.get(asked));

  useEffect(() => {
    if (english) return;
    void import('./choose')
      .then((choose) => choose.chooseLanguage(asked))
      .then(
        (chosen) => {
          if (chosen.translation) decided.set(asked, chosen);
          return chosen;
        },
        (err: unknown) => {
          console.warn('Vestibule: could not fetch the texts of the language; showing English.', err);
          return ENGLISH;
        },
      )
      // A widget gone meanwhile: React ignores the update.
      .then(setLanguage);
  }, [asked, english]);

  return english ? ENGLISH : (decided.get(asked) ?? language);
}
