import type { StringKey } from '../../strings/en';
import { laterStrings } from './later-strings';

/** The hint kinds that zxcvbn's feedback falls into. */
export type HintKind = 'common-password' | 'repeat' | 'sequence' | 'keyboard-pattern' | 'date' | 'name' | 'year';

type HintKey = keyof typeof laterStrings & StringKey;

const KINDS: Record<HintKind, HintKey[]> = {
  'common-password': [
    'zxcvbnTopTen',
    'zxcvbnTopHundred',
    'zxcvbnCommon',
    'zxcvbnSimilarToCommon',
    'zxcvbnWordByItself',
    'zxcvbnPwned',
    'zxcvbnSuggestPwned',
    'zxcvbnSuggestAnotherWord',
    'zxcvbnSuggestUseWords',
    'zxcvbnSuggestL33t',
    'zxcvbnSuggestReverseWords',
    'zxcvbnSuggestAllUppercase',
    'zxcvbnSuggestCapitalization',
    'zxcvbnSuggestNoNeed',
  ],
  repeat: ['zxcvbnSimpleRepeat', 'zxcvbnExtendedRepeat', 'zxcvbnSuggestRepeated'],
  sequence: ['zxcvbnSequences', 'zxcvbnSuggestSequences'],
  'keyboard-pattern': ['zxcvbnStraightRow', 'zxcvbnKeyPattern', 'zxcvbnSuggestLongerKeyboardPattern'],
  date: ['zxcvbnDates', 'zxcvbnSuggestDates'],
  name: ['zxcvbnNamesByThemselves', 'zxcvbnCommonNames', 'zxcvbnUserInputs'],
  year: ['zxcvbnRecentYears', 'zxcvbnSuggestRecentYears', 'zxcvbnSuggestAssociatedYears'],
};

export interface Hint {
  key: StringKey;
  kind: HintKind;
}

/**
 * zxcvbn's known English warnings and suggestions (as the server sends them, from
 * @zxcvbn-ts/language-en) by their text: each has a string key, so hosts translate it through
 * `strings`. Texts not listed are shown as they come (still overridable by their English text).
 */
const HINTS = new Map<string, Hint>(
  (Object.entries(KINDS) as [HintKind, HintKey[]][]).flatMap(([kind, keys]) => keys.map((key) => [laterStrings[key], { key, kind }] as const)),
);

export function hintFor(text: string): Hint | null {
  return HINTS.get(text) ?? null;
}
