import type { Styles } from '../types';

export type CssVars = Record<`--vst-${string}`, string>;

/**
 * The CSS custom properties a host's styles give, and only those: they go inline on the widget's
 * root, over the default theme that the stylesheet's first rule sets (defaults.ts, compile.ts).
 * Setting all thirty inline made the first render measurably slower; and this file alone is what a
 * first load carries of the theme (the default rule is written into the build, default-rule.ts).
 * A primary colour given without button colours also themes the buttons it colours by default.
 */
export function themeOverrides(styles: Styles | undefined): CssVars {
  const s = styles ?? {};
  const primary = s.colors?.primary;
  const { primary: main, secondary, disabled } = s.buttons ?? {};
  const given: [`--vst-${string}`, string | undefined][] = [
    ['--vst-container-bg', s.container?.backgroundColor],
    ['--vst-container-border', s.container?.borderColor],
    ['--vst-container-radius', s.container?.borderRadius],
    ['--vst-width', s.container?.width],
    ['--vst-primary', primary],
    ['--vst-secondary', s.colors?.secondary],
    ['--vst-success', s.colors?.success],
    ['--vst-error', s.colors?.error],
    ['--vst-btn-primary-bg', main?.backgroundColor ?? primary],
    ['--vst-btn-primary-text', main?.textColor],
    ['--vst-btn-primary-border', main?.borderColor ?? primary],
    ['--vst-btn-primary-radius', main?.borderRadius],
    ['--vst-btn-secondary-bg', secondary?.backgroundColor],
    ['--vst-btn-secondary-text', secondary?.textColor ?? primary],
    ['--vst-btn-secondary-border', secondary?.borderColor ?? primary],
    ['--vst-btn-secondary-radius', secondary?.borderRadius],
    ['--vst-btn-disabled-bg', disabled?.backgroundColor],
    ['--vst-btn-disabled-text', disabled?.textColor],
    ['--vst-btn-disabled-border', disabled?.borderColor],
    ['--vst-btn-disabled-radius', disabled?.borderRadius],
    ['--vst-input-bg', s.inputs?.backgroundColor],
    ['--vst-input-border', s.inputs?.borderColor],
    ['--vst-input-radius', s.inputs?.borderRadius],
    ['--vst-input-placeholder', s.inputs?.placeholderColor],
    ['--vst-input-text', s.inputs?.textColor],
    ['--vst-font', s.fontFamily],
  ];
  return Object.fromEntries(given.filter(([, value]) => value !== undefined)) as CssVars;
}
