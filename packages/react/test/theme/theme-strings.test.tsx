import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VestibuleLogin } from '../../src/index';
import { stylesheet } from '../../src/styles/stylesheet';
import { compileTheme } from '../../src/theme/compile';
import { darkPalette } from '../../src/theme/dark';
import { defaultStyles } from '../../src/theme/defaults';
import { en } from '../../src/strings/en';
import { makeTranslate } from '../../src/strings/translate';
import { common } from '../../src/strings/common';
import { strings as mainStrings } from '../../src/main/strings';
import { strings as oauth } from '../../src/features/oauth/strings';
import { strings as otps } from '../../src/features/otps/strings';
import { strings as passkeys } from '../../src/features/passkeys/strings';
import { strings as wallets } from '../../src/features/wallets/strings';
import { laterCommon } from '../../src/strings/later';
import { laterStrings as laterMagicLinks } from '../../src/features/magic-links/later-strings';
import { laterStrings as laterOauth } from '../../src/features/oauth/later-strings';
import { laterStrings as laterOtps } from '../../src/features/otps/later-strings';
import { laterStrings as laterPasskeys } from '../../src/features/passkeys/later-strings';
import { laterStrings as laterPasswords } from '../../src/features/passwords/later-strings';
import { laterStrings as laterWallets } from '../../src/features/wallets/later-strings';
import { loadLater } from '../../src/later/load';
import { defaultStrings } from '../../src/strings/all';

const featureStrings = { oauth, otps, passkeys, wallets };
const laterFeatureStrings = { laterMagicLinks, laterOauth, laterOtps, laterPasskeys, laterPasswords, laterWallets };
import { apiError, expectNoAxeViolations, fakeClient } from '../helpers';

afterEach(cleanup);

// Read from disk: vitest does not process CSS imports here. Tests run from the repo root or the package.
// The stylesheet is vestibule.css followed by every feature's styles.css (src/styles/stylesheet.ts), then the later rules (src/later/register.ts).
const srcPath = ['packages/react/src', 'src'].map((p) => join(process.cwd(), p)).find(existsSync)!;
const featureCss = (name: string) =>
  readdirSync(join(srcPath, 'features'))
    .sort()
    .map((feature) => join(srcPath, 'features', feature, name))
    .filter(existsSync);
const css = [join(srcPath, 'styles/vestibule.css'), ...featureCss('styles.css'), join(srcPath, 'styles/later.css'), ...featureCss('later.css')]
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

describe('theme', () => {
  it('has no accessibility violations with a custom theme', async () => {
    const { container } = render(
      <VestibuleLogin
        client={fakeClient()}
        config={{ products: ['emailMagicLinks'] }}
        styles={{ colors: { primary: '#22313f' }, container: { width: '360px' } }}
      />,
    );
    await expectNoAxeViolations(container);
  });

  it('defaults: 400 px wide, dark teal primary on white, 4 px input radius, fixed disabled colours', () => {
    const vars = compileTheme(undefined);
    expect(vars['--vst-width']).toBe('400px');
    expect(vars['--vst-primary']).toBe('#0b5563');
    expect(vars['--vst-container-bg']).toBe('#ffffff');
    expect(vars['--vst-input-radius']).toBe('4px');
    expect(vars['--vst-btn-disabled-bg']).toBe('#e5e8eb');
    expect(vars['--vst-btn-disabled-text']).toBe('#8c9398');
    expect(vars['--vst-font-body']).toBe('16px');
    expect(vars['--vst-font-header']).toBe('24px');
    expect(vars['--vst-font-helper']).toBe('14px');
    expect(defaultStyles.container.width).toBe('400px');
  });

  it('styles set the CSS variables on the .vestibule root', () => {
    const { container } = render(
      <VestibuleLogin
        client={fakeClient()}
        config={{ products: ['emailMagicLinks'] }}
        styles={{
          container: { width: '320px', backgroundColor: '#fafafa', borderRadius: '0px' },
          colors: { primary: '#123456', error: '#aa0000' },
          buttons: { primary: { backgroundColor: '#000000', textColor: '#ffffff' } },
          inputs: { borderRadius: '10px' },
          fontFamily: 'Georgia, serif',
        }}
      />,
    );
    const root = container.querySelector<HTMLElement>('.vestibule')!;
    const v = (name: string) => root.style.getPropertyValue(name);
    expect(v('--vst-width')).toBe('320px');
    expect(v('--vst-container-bg')).toBe('#fafafa');
    expect(v('--vst-container-radius')).toBe('0px');
    expect(v('--vst-primary')).toBe('#123456');
    expect(v('--vst-error')).toBe('#aa0000');
    expect(v('--vst-btn-primary-bg')).toBe('#000000');
    expect(v('--vst-btn-secondary-text')).toBe('#123456');
    expect(v('--vst-input-radius')).toBe('10px');
    expect(v('--vst-font')).toBe('Georgia, serif');
  });

  it("the default theme is the stylesheet's: only what a host's styles give goes inline on the root", () => {
    const plain = render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} />);
    expect(plain.container.querySelector('.vestibule')?.getAttribute('style') ?? '').toBe('');
    const rule = stylesheet.match(/\.vestibule\{([^}]*)\}/)?.[1] ?? '';
    const declared = Object.fromEntries(rule.split(';').map((declaration) => declaration.split(/:(.*)/s).slice(0, 2)));
    expect(declared).toEqual(compileTheme(undefined));
    plain.unmount();

    // The width and the primary colour given, and the button colours that follow the primary.
    const themed = render(
      <VestibuleLogin
        client={fakeClient()}
        config={{ products: ['emailMagicLinks'] }}
        styles={{ colors: { primary: '#0b5563' }, container: { width: '360px' } }}
      />,
    );
    const root = themed.container.querySelector<HTMLElement>('.vestibule')!;
    const inline = Object.keys(compileTheme(undefined)).filter((name) => root.style.getPropertyValue(name) !== '');
    expect(inline).toEqual([
      '--vst-width',
      '--vst-primary',
      '--vst-btn-primary-bg',
      '--vst-btn-primary-border',
      '--vst-btn-secondary-text',
      '--vst-btn-secondary-border',
    ]);
  });

  it('the rules a first screen has animate with keyframes of their own, not with those that load later', () => {
    const first = [join(srcPath, 'styles/vestibule.css'), ...featureCss('styles.css')].map((path) => readFileSync(path, 'utf8')).join('\n');
    const used = new Set([...first.matchAll(/animation:\s*([\w-]+)/g)].map((m) => m[1]));
    const defined = new Set([...first.matchAll(/@keyframes\s+([\w-]+)/g)].map((m) => m[1]));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });

  it('the stylesheet reads only variables the theme or the dark palette sets, the dark-only ones with a light fallback; and is fluid up to the theme width', () => {
    const reads = [...css.matchAll(/var\((--vst-[\w-]+)(,?)/g)].map(([, name, comma]) => ({ name: name!, fallback: comma === ',' }));
    const themed = new Set(Object.keys(compileTheme(undefined)));
    expect(reads.filter(({ name }) => !themed.has(name) && !(name in darkPalette)).map(({ name }) => name)).toEqual([]);
    expect(reads.filter(({ name, fallback }) => !themed.has(name) && !fallback).map(({ name }) => name)).toEqual([]);
    // And the dark palette sets nothing that no rule reads.
    expect(Object.keys(darkPalette).filter((name) => !reads.some((read) => read.name === name))).toEqual([]);
    expect(css).toMatch(/\.vestibule \{[^}]*width: 100%;[^}]*max-width: var\(--vst-width\)/);
    expect(css).toMatch(/\.vst-logo \{[^}]*max-height: 50px;[^}]*max-width: 100px;/);
  });
});

describe('strings', () => {
  it('has no accessibility violations with overridden strings', async () => {
    const { container } = render(
      <VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} strings={{ 'Sign up or log in': 'Willkommen' }} />,
    );
    await expectNoAxeViolations(container);
  });

  it('overrides replace texts by their English default, placeholders filled in', async () => {
    render(
      <VestibuleLogin
        client={fakeClient()}
        config={{ products: ['emailMagicLinks'] }}
        strings={{
          'Sign up or log in': 'Anmelden',
          Email: 'E-Mail',
          'Continue with email': 'Weiter mit E-Mail',
          'Check your email': 'Posteingang prüfen',
          'An email was sent to {email}.': 'Wir haben {email} geschrieben.',
          'Open in {mailService}': 'In {mailService} öffnen',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter mit E-Mail' }));
    await screen.findByRole('heading', { name: 'Posteingang prüfen' });
    const text = screen.getByText(/Wir haben/);
    expect(text.textContent).toBe('Wir haben ada@example.com geschrieben.');
    expect(text.querySelector('b')?.textContent).toBe('ada@example.com');
    expect(screen.getByRole('link', { name: /^In Gmail öffnen/ })).toBeTruthy();
  });

  it('overrides reach the error catalogue messages too', async () => {
    const client = fakeClient();
    client.magicLinks.email.loginOrCreate.mockRejectedValue(apiError('email_not_found', 'x'));
    render(<VestibuleLogin client={client} config={{ products: ['emailMagicLinks'] }} strings={{ 'Email not found.': 'E-Mail unbekannt.' }} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('E-Mail unbekannt.')).toBeTruthy();
  });

  it('makeTranslate keeps unknown placeholders and accepts internal keys', () => {
    const t = makeTranslate({ emailSentTo: 'Gesendet an {email} {other}' });
    expect(t('emailSentTo', { email: 'a@b.co' })).toBe('Gesendet an a@b.co {other}');
    expect(makeTranslate(undefined)('emailSentTo', { email: 'a@b.co' })).toBe('An email was sent to a@b.co.');
    expect(new Set(Object.values(en)).size).toBeGreaterThan(30);
  });

  it("the table is the shared texts, Main's and every feature's strings.ts and later-strings.ts, no key written twice", async () => {
    const first = [common, mainStrings, ...Object.values(featureStrings)].flatMap((table) => Object.keys(table));
    const later = [laterCommon, ...Object.values(laterFeatureStrings)].flatMap((table) => Object.keys(table));
    const keys = [...first, ...later];
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    await loadLater();
    expect(Object.keys(en).sort()).toEqual([...keys].sort());
    // @vestibule/react/strings: every text.
    expect(Object.keys(defaultStrings).sort()).toEqual([...keys].sort());
    // The identity-provider mount's texts live in its own chunk (features/identity-provider/texts.ts), not in this table.
    expect(Object.keys(featureStrings).sort()).toEqual(['oauth', 'otps', 'passkeys', 'wallets']);
  });
});
