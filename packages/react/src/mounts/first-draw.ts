import { chooseLanguage, type Language } from '../locales/choose';
import { addStyles } from '../theme/injectStyles';

/**
 * What a widget fetches before its first draw (useFirstDraw.ts): its language's texts and, when its
 * colour scheme can be dark, the dark colours. A part that cannot be fetched is left out, said on
 * the console: the widget draws light, or in English (no language returned).
 */
export async function fetchFirstDraw(asked: string | undefined, dark: boolean): Promise<Language | undefined> {
  const [language] = await Promise.all([
    chooseLanguage(asked).catch((err: unknown) => {
      console.warn('Vestibule: could not fetch the texts of the language; showing English.', err);
      return undefined;
    }),
    dark &&
      import('../theme/dark').then(
        (rules) => addStyles(rules.darkRules),
        (err: unknown) => console.warn('Vestibule: could not fetch the dark colours; showing the light ones.', err),
      ),
  ]);
  return language;
}
