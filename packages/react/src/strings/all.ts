import { laterStrings } from '../later/register';
import { en } from './en';

/**
 * Every English text of the widgets, the later screens' too (`@vestibule/react/strings`): for a
 * host that lists them to translate, keyed by their internal names. Its own entry: the package's main entry would carry the later
 * texts into every first load.
 */
export const defaultStrings: Readonly<Record<string, string>> = { ...en, ...laterStrings };
