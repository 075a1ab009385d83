import type { Styles } from '../types';
import { defaultStyles, fontSizes } from './defaults';
import { type CssVars, themeOverrides } from './overrides';

export type { CssVars } from './overrides';

/** The default theme's variables: every one the stylesheet reads (src/styles/vestibule.css). */
export const defaultVars: Readonly<CssVars> = {
  ...themeOverrides(defaultStyles),
  '--vst-font-body': fontSizes.body,
  '--vst-font-header': fontSizes.header,
  '--vst-font-helper': fontSizes.helper,
};

/** Every variable of a theme: the defaults, with what the host's styles give on top. */
export function compileTheme(styles: Styles | undefined): CssVars {
  return { ...defaultVars, ...themeOverrides(styles) };
}

/** The stylesheet's first rule (src/styles/stylesheet.ts through default-rule.ts, and the package's styles.css). */
export const defaultThemeRule = `.vestibule{${Object.entries(defaultVars)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;
