import { describe, expect, test } from 'vitest';
import { LOCALES } from '@vestibule/contract/locales';
import { loadTranslation } from '../../src/locales/choose';
import { englishTexts } from '../english-texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe.each(LOCALES.filter((locale) => locale !== 'en'))('the %s translation', (locale) => {
  test('translates every English text the widgets show, and nothing else', async () => {
    const translation = await loadTranslation(locale as Exclude<typeof locale, 'en'>);
    const english = englishTexts();
    const keys = new Set(Object.keys(translation));
    expect(
      [...english].filter((text) => !keys.has(text)),
      'missing',
    ).toEqual([]);
    expect(
      [...keys].filter((text) => !english.has(text)),
      'not an English text of ours',
    ).toEqual([]);
  });

  test('keeps every placeholder of the English text, and adds none', async () => {
    const translation: Readonly<Record<string, string>> = await loadTranslation(locale as Exclude<typeof locale, 'en'>);
    const differing = Object.entries(translation).filter(([english, translated]) => placeholders(english).join() !== placeholders(translated).join());
    expect(differing).toEqual([]);
  });

  test('has no empty text', async () => {
    const translation: Readonly<Record<string, string>> = await loadTranslation(locale as Exclude<typeof locale, 'en'>);
    expect(Object.entries(translation).filter(([, translated]) => translated.trim() === '')).toEqual([]);
  });
});
