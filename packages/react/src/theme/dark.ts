import type { CssVars } from './overrides';

/**
 * The dark palette: every colour of the default theme (defaults.ts) on a near-black ground, and the
 * colours the later screens' rules fall back to (toasts, banners, read-only fields: styles/later.css).
 * Each text colour meets WCAG 2.2 AA on the ground it is drawn on (4.5:1; most reach 8:1), and input
 * borders reach 3:1. Loaded only by a widget whose `colorScheme` is dark or auto (mounts/useFirstDraw.ts).
 */
export const darkPalette: Readonly<CssVars> = {
  '--vst-container-bg': '#14181b',
  '--vst-container-border': '#3f4a52',
  '--vst-primary': '#7fd0dc',
  '--vst-secondary': '#a9b4bd',
  '--vst-success': '#7bd89a',
  '--vst-error': '#ff9b8f',
  '--vst-btn-primary-bg': '#7fd0dc',
  '--vst-btn-primary-text': '#0a1f24',
  '--vst-btn-primary-border': '#7fd0dc',
  '--vst-btn-secondary-bg': '#14181b',
  '--vst-btn-secondary-text': '#7fd0dc',
  '--vst-btn-secondary-border': '#7fd0dc',
  '--vst-btn-disabled-bg': '#2b3237',
  '--vst-btn-disabled-text': '#8c969d',
  '--vst-btn-disabled-border': '#2b3237',
  '--vst-input-bg': '#1b2024',
  '--vst-input-border': '#7a8791',
  '--vst-input-placeholder': '#9ba6af',
  '--vst-input-text': '#e9edf0',
  '--vst-readonly-bg': '#22282c',
  '--vst-toast-bg': '#252b30',
  '--vst-toast-text': '#e9edf0',
  '--vst-toast-icon': '#0a1f24',
  '--vst-banner-error-bg': '#3b1c19',
  '--vst-banner-error-text': '#ffb3aa',
  '--vst-banner-error-border': '#8f4037',
  '--vst-banner-warning-bg': '#3a2c0f',
  '--vst-banner-warning-text': '#ffd387',
  '--vst-banner-warning-border': '#8a6b2b',
  '--vst-banner-success-bg': '#14311f',
  '--vst-banner-success-text': '#97e0b0',
  '--vst-banner-success-border': '#3c7a52',
};

// `color-scheme` also darkens what the browser draws itself: the country list, scroll bars, autofill.
const declarations = `color-scheme:dark;${Object.entries(darkPalette)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}`;

/** A widget drawn dark (`data-scheme` on its root, set from `colorScheme`), or auto on a device that prefers dark. */
export const darkRules = `.vestibule[data-scheme=dark]{${declarations}}@media (prefers-color-scheme:dark){.vestibule[data-scheme=auto]{${declarations}}}`;
