import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { darkPalette } from '../../src/theme/dark';
import { fakeClient } from '../helpers';

/** WCAG 2.2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('the dark palette', () => {
  const p = (name: string) => darkPalette[`--vst-${name}`] as string;
  it('meets WCAG AA: 4.5:1 for every text on its ground, 3:1 for the input border', () => {
    const texts: [string, string, string][] = [
      ['primary', 'primary', 'container-bg'],
      ['secondary', 'secondary', 'container-bg'],
      ['success', 'success', 'container-bg'],
      ['error', 'error', 'container-bg'],
      ['input text', 'input-text', 'input-bg'],
      ['placeholder', 'input-placeholder', 'input-bg'],
      ['primary button', 'btn-primary-text', 'btn-primary-bg'],
      ['secondary button', 'btn-secondary-text', 'btn-secondary-bg'],
      ['read-only field', 'input-text', 'readonly-bg'],
      ['toast', 'toast-text', 'toast-bg'],
      ['success toast icon', 'toast-icon', 'success'],
      ['error toast icon', 'toast-icon', 'error'],
      ['error banner', 'banner-error-text', 'banner-error-bg'],
      ['warning banner', 'banner-warning-text', 'banner-warning-bg'],
      ['success banner', 'banner-success-text', 'banner-success-bg'],
    ];
    const below = texts.filter(([, text, ground]) => contrast(p(text), p(ground)) < 4.5).map(([name]) => name);
    expect(below).toEqual([]);
    expect(contrast(p('input-border'), p('input-bg'))).toBeGreaterThanOrEqual(3);
  });
});

describe('a colour scheme', () => {
  let prefersDark = false;
  beforeEach(() => {
    // Each test a fresh page: the dark rules not fetched yet.
    vi.resetModules();
    prefersDark = false;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && prefersDark }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const mount = async (colorScheme?: 'light' | 'dark' | 'auto') => {
    const { VestibuleLogin } = await import('../../src/index');
    return render(<VestibuleLogin client={fakeClient()} config={{ products: ['emailMagicLinks'] }} styles={colorScheme ? { colorScheme } : {}} />);
  };
  const stylesheet = () => document.head.querySelector('style[data-vestibule]')?.textContent ?? '';

  it('is light by default, drawn at once, and fetches no dark colours', async () => {
    const { container } = await mount();
    expect(container.querySelector('.vestibule')?.hasAttribute('data-scheme')).toBe(false);
    await screen.findByRole('button', { name: 'Continue with email' });
    expect(stylesheet()).not.toContain('data-scheme=dark');
  });

  it('dark: draws once the dark rules are in, on a root marked dark', async () => {
    const { container } = await mount('dark');
    expect(container.querySelector('.vestibule')).toBeNull();
    await screen.findByRole('button', { name: 'Continue with email' });
    expect(container.querySelector('.vestibule')?.getAttribute('data-scheme')).toBe('dark');
    expect(stylesheet()).toContain(`.vestibule[data-scheme=dark]{color-scheme:dark;--vst-container-bg:${darkPalette['--vst-container-bg']}`);
  });

  it('auto on a device that prefers light: drawn at once, the dark rules following for when it turns dark', async () => {
    const { container } = await mount('auto');
    expect(container.querySelector('.vestibule')?.getAttribute('data-scheme')).toBe('auto');
    await vi.waitFor(() => expect(stylesheet()).toContain('@media (prefers-color-scheme:dark){.vestibule[data-scheme=auto]{'));
  });

  it('auto on a device that prefers dark: waits for the dark rules like dark', async () => {
    prefersDark = true;
    const { container } = await mount('auto');
    expect(container.querySelector('.vestibule')).toBeNull();
    await screen.findByRole('button', { name: 'Continue with email' });
    expect(stylesheet()).toContain('.vestibule[data-scheme=auto]');
  });

  it('draws light, and says so, when the dark colours cannot be fetched', async () => {
    vi.doMock('../../src/theme/dark', () => {
      throw new Error('offline');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await mount('dark');
    await screen.findByRole('button', { name: 'Continue with email' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not fetch the dark colours'), expect.anything());
    vi.doUnmock('../../src/theme/dark');
  });
});
