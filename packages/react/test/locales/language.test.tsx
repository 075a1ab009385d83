import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { errorMessages } from '@vestibule/client/error-messages';
import { VestibuleLogin } from '../../src/index';
import { matchLocale } from '@vestibule/contract/locales';
import { chooseLocale, loadTranslation } from '../../src/locales/choose';
import { apiError, fakeClient } from '../helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const login = (props: { locale?: string; strings?: Record<string, string> } = {}) =>
  render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} {...props} />);

describe('choosing the language', () => {
  it('takes a shipped tag in any case, and a regional tag as its language', () => {
    expect(matchLocale('de')).toBe('de');
    expect(matchLocale('PT-br')).toBe('pt-BR');
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('ko')).toBeUndefined();
    // As POSIX systems write it, with spaces around: the server reads it so too.
    expect(matchLocale(' pt_BR ')).toBe('pt-BR');
    expect(matchLocale(5)).toBeUndefined();
    expect(matchLocale(['de'])).toBeUndefined();
  });

  it("is the mount's locale, else the browser's first preference that ships, else English", () => {
    expect(chooseLocale('fr', ['ja'])).toBe('fr');
    expect(chooseLocale(undefined, ['ko-KR', 'es-MX', 'ja'])).toBe('es');
    expect(chooseLocale(undefined, ['ko'])).toBe('en');
    expect(chooseLocale(undefined, [])).toBe('en');
  });

  it('says on the console when the locale names no shipped language, and goes on with the browser’s', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(chooseLocale('klingon', ['ja-JP'])).toBe('ja');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"klingon"'));
  });
});

describe('a widget in another language', () => {
  it('draws its texts in the language once they are in, with lang and dir on its root', async () => {
    const de = await loadTranslation('de');
    const { container } = login({ locale: 'de' });
    expect(await screen.findByRole('heading', { name: de['Sign up or log in'] })).toBeTruthy();
    expect(screen.getByLabelText(de.Email)).toBeTruthy();
    expect(screen.getByRole('button', { name: de['Continue with email'] })).toBeTruthy();
    const root = container.querySelector('.vestibule');
    expect(root?.getAttribute('lang')).toBe('de');
    expect(root?.getAttribute('dir')).toBe('ltr');
  });

  it('is written right to left in Arabic', async () => {
    const ar = await loadTranslation('ar');
    const { container } = login({ locale: 'ar' });
    await screen.findByRole('heading', { name: ar['Sign up or log in'] });
    expect(container.querySelector('.vestibule')?.getAttribute('dir')).toBe('rtl');
    expect(container.querySelector('.vestibule')?.getAttribute('lang')).toBe('ar');
  });

  it("follows the browser's preference when the mount names none", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    const fr = await loadTranslation('fr');
    login();
    expect(await screen.findByRole('heading', { name: fr['Sign up or log in'] })).toBeTruthy();
  });

  it('passes over an override that is not text', async () => {
    login({ strings: { 'Sign up or log in': 5 as unknown as string, Email: { a: 1 } as unknown as string } });
    expect(await screen.findByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('fills only its own placeholders: a host text naming {constructor} keeps it as written', async () => {
    const { makeTranslate } = await import('../../src/strings/translate');
    const t = makeTranslate({ 'Continue with {provider}': 'With {provider}, not {constructor}' });
    expect(t('continueWithProvider', { provider: 'GitHub' })).toBe('With GitHub, not {constructor}');
  });

  it("keeps the host's own words over the language's", async () => {
    await loadTranslation('es');
    login({ locale: 'es', strings: { 'Sign up or log in': 'Bienvenido a Acme' } });
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Acme' })).toBeTruthy();
  });

  it("shows the catalogue's words in the language where the server worded an error its own way", async () => {
    const de = await loadTranslation('de');
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValue(apiError('too_many_requests', 'Too many requests for ada@example.com: wait 41 seconds.', 429));
    render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} locale="de" />);
    fireEvent.change(await screen.findByLabelText(de.Email), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: de['Continue with email'] }));
    expect(await screen.findByText(de[errorMessages.too_many_requests])).toBeTruthy();
  });

  it('draws in its shadow root once the language is in', async () => {
    const ja = await loadTranslation('ja');
    const { container } = render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'], enableShadowDOM: true }} locale="ja" />);
    const shadow = () => container.querySelector('.vestibule-host')?.shadowRoot;
    await vi.waitFor(() => expect(shadow()?.querySelector('h1')?.textContent).toBe(ja['Sign up or log in']));
    expect(shadow()?.querySelector('.vestibule')?.getAttribute('lang')).toBe('ja');
    expect(shadow()?.querySelector('style')).toBeTruthy();
  });

  it('stays in English with no locale and an English browser', () => {
    login();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });
});

describe('loadLanguage, for server rendering', () => {
  it('loads a shipped language; anything else is English, whatever the machine prefers', async () => {
    const { loadLanguage } = await import('../../src/locales/load-language');
    const de = await loadTranslation('de');
    expect(await loadLanguage('de-AT')).toEqual({ locale: 'de', translation: de });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    expect(await loadLanguage('xx')).toEqual({ locale: 'en', translation: null });
    // A query parameter given twice arrives as an array.
    expect(await loadLanguage(['de', 'fr'] as unknown as string)).toEqual({ locale: 'en', translation: null });
  });
});

describe('what is formatted for the language', () => {
  it("names the phone field's countries in the language, sorted in its order", async () => {
    const { countryOptions } = await import('../../src/phone/countries');
    expect(countryOptions('de').find((option) => option.code === 'DE')?.name).toBe('Deutschland');
    expect(countryOptions('en').find((option) => option.code === 'DE')?.name).toBe('Germany');
    const names = countryOptions('fr').map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
  });

  it("starts a phone field on the language's country, with an example number as people there write it", async () => {
    const de = await loadTranslation('de');
    render(<VestibuleLogin client={fakeClient()} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} locale="de" />);
    const field = await screen.findByPlaceholderText('01512 3456789');
    const country = (await screen.findByLabelText(de.Country)) as HTMLSelectElement;
    expect(country.value).toBe('DE');
    expect(field).toBeTruthy();
  });

  it('keeps the United States and the contract’s placeholder in English', async () => {
    render(<VestibuleLogin client={fakeClient()} config={{ products: ['otp'], otpOptions: { methods: ['sms'] } }} locale="en" />);
    expect(await screen.findByPlaceholderText('(123) 456-7890')).toBeTruthy();
    expect(((await screen.findByLabelText('Country')) as HTMLSelectElement).value).toBe('US');
  });
});
