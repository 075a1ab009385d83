import { useEffect, useState } from 'react';
import type { Language } from '../locales/choose';
import type { ColorScheme } from '../types';

const ENGLISH: Language = { locale: 'en', translation: null };

/** What the page has fetched so far, by what the mount asked: a later mount asking the same draws at once. */
const fetched = new Map<string, Language>();

/**
 * The language a mount draws in, or undefined while it cannot draw yet. English at once when the
 * mount asks for it or asks nothing of a browser that prefers it (or of no browser: server
 * rendering), and the colours are light or follow a device that prefers light. Otherwise what is
 * missing (the language's texts, the dark colours) is fetched (first-draw.ts) before the widget
 * draws, so it never shows English or light and then jumps; a page in English and light carries none
 * of it. An auto widget on a light device draws at once and takes the dark colours in the
 * background, for the moment the device turns dark. A widget `served` (drawn on a server, or
 * hydrating that) never waits: it draws in English until what it fetches is in.
 */
export function useFirstDraw(asked: string | undefined, scheme: ColorScheme | undefined, served: boolean): Language | undefined {
  const first = asked ?? globalThis.navigator?.languages?.[0];
  const english = !first || /^en(-|$)/i.test(first);
  const dark = scheme === 'dark' || scheme === 'auto';
  const key = `${asked} ${dark}`;
  const [language, setLanguage] = useState(() => fetched.get(key));

  useEffect(() => {
    if (english && !dark) return;
    void import('./first-draw')
      .then(
        (needs) => needs.fetchFirstDraw(asked, dark),
        (err: unknown) => console.warn('Vestibule: could not fetch the language or the dark colours.', err),
      )
      .then((got) => {
        const language = got || ENGLISH;
        fetched.set(key, language);
        // A widget gone meanwhile: React ignores the update.
        setLanguage(language);
      });
  }, [asked, dark, english, key]);

  const waitsForDark = scheme === 'dark' || (dark && globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
  const known = fetched.get(key) ?? language;
  return (english && !waitsForDark) || (served && !known) ? ENGLISH : known;
}
