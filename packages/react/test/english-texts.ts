import { NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '@vestibule/client';
import { accountErrorCatalogue, errorCatalogue, twoStepErrorCatalogue } from '@vestibule/contract';
import { defaultStrings } from '../src/strings/all';

/** Every `*texts.ts` beside a feature or a mount (src/locales/catalogue.ts lists them as types). */
const textModules = import.meta.glob<Record<string, unknown>>('../src/**/*texts.ts', { eager: true });

/** The texts a module exports: its string constants and the values of its tables of them. */
const textsOf = (module: Record<string, unknown>) =>
  Object.values(module).flatMap((value) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value ? Object.values(value).filter((text) => typeof text === 'string') : [],
  );

/** Every English text the widgets show, at run time: what src/locales/catalogue.ts's EnglishText is as a type. */
export function englishTexts(): Set<string> {
  return new Set([
    ...Object.values(defaultStrings),
    ...Object.values(textModules).flatMap(textsOf),
    ...[errorCatalogue, accountErrorCatalogue, twoStepErrorCatalogue].flatMap((catalogue) => Object.values(catalogue).map(({ message }) => message)),
    NETWORK_ERROR_MESSAGE,
    UNKNOWN_ERROR_MESSAGE,
  ]);
}
