import { defaultThemeRule } from './compile';

/**
 * The default theme as a CSS rule, for the stylesheet. The package's build writes the rule itself
 * here (vite.config.ts), so a first load carries its text and not the defaults and the code that
 * make it; run from source (tests, the demo), it is made from them.
 */
export const DEFAULT_THEME_RULE: string = defaultThemeRule;
