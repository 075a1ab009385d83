import type { ButtonStyle, Styles } from '../types';
import { defaultStyles, fontSizes } from './defaults';

export type CssVars = Record<`--vst-${string}`, string>;

function button(prefix: string, given: ButtonStyle | undefined, fallback: Required<ButtonStyle>): CssVars {
  return {
    [`--vst-${prefix}-bg`]: given?.backgroundColor ?? fallback.backgroundColor,
    [`--vst-${prefix}-text`]: given?.textColor ?? fallback.textColor,
    [`--vst-${prefix}-border`]: given?.borderColor ?? fallback.borderColor,
    [`--vst-${prefix}-radius`]: given?.borderRadius ?? fallback.borderRadius,
  };
}

/**
 * Compiles the theme object into the CSS custom properties that src/styles/vestibule.css reads:
 * every variable, the defaults merged with the host's styles.
 */
export function compileTheme(styles: Styles | undefined): CssVars {
  const d = defaultStyles;
  const s = styles ?? {};
  const primary = s.colors?.primary ?? d.colors.primary;
  return {
    '--vst-container-bg': s.container?.backgroundColor ?? d.container.backgroundColor,
    '--vst-container-border': s.container?.borderColor ?? d.container.borderColor,
    '--vst-container-radius': s.container?.borderRadius ?? d.container.borderRadius,
    '--vst-width': s.container?.width ?? d.container.width,
    '--vst-primary': primary,
    '--vst-secondary': s.colors?.secondary ?? d.colors.secondary,
    '--vst-success': s.colors?.success ?? d.colors.success,
    '--vst-error': s.colors?.error ?? d.colors.error,
    // A primary colour given without button colours also themes the primary button.
    ...button('btn-primary', s.buttons?.primary, {
      ...d.buttons.primary,
      backgroundColor: s.colors?.primary ?? d.buttons.primary.backgroundColor,
      borderColor: s.colors?.primary ?? d.buttons.primary.borderColor,
    }),
    ...button('btn-secondary', s.buttons?.secondary, {
      ...d.buttons.secondary,
      textColor: s.colors?.primary ?? d.buttons.secondary.textColor,
      borderColor: s.colors?.primary ?? d.buttons.secondary.borderColor,
    }),
    ...button('btn-disabled', s.buttons?.disabled, d.buttons.disabled),
    '--vst-input-bg': s.inputs?.backgroundColor ?? d.inputs.backgroundColor,
    '--vst-input-border': s.inputs?.borderColor ?? d.inputs.borderColor,
    '--vst-input-radius': s.inputs?.borderRadius ?? d.inputs.borderRadius,
    '--vst-input-placeholder': s.inputs?.placeholderColor ?? d.inputs.placeholderColor,
    '--vst-input-text': s.inputs?.textColor ?? d.inputs.textColor,
    '--vst-font': s.fontFamily ?? d.fontFamily,
    '--vst-font-body': fontSizes.body,
    '--vst-font-header': fontSizes.header,
    '--vst-font-helper': fontSizes.helper,
  };
}

/** The default theme's variables, which the stylesheet sets on every widget's root. */
export const defaultVars: Readonly<CssVars> = compileTheme(undefined);

/** The stylesheet's first rule (src/styles/stylesheet.ts, and the package's styles.css). */
export const defaultThemeRule = `.vestibule{${Object.entries(defaultVars)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;

/**
 * The variables a host's styles change from the defaults: only these go on the widget's root element
 * as inline properties (setting all thirty there made the first render measurably slower).
 */
export function themeOverrides(styles: Styles | undefined): CssVars {
  if (!styles) return {};
  const vars = compileTheme(styles);
  return Object.fromEntries(Object.entries(vars).filter(([name, value]) => defaultVars[name as keyof CssVars] !== value)) as CssVars;
}
