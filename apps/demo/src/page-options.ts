import type { ColorScheme } from '@vestibule/react';
import type { DemoConfig } from './demo-config';

const SCHEMES: readonly ColorScheme[] = ['light', 'dark', 'auto'];

/**
 * The colour scheme the page's address asks for (`?colorScheme=dark`), else auto: the visitor's
 * device decides. The demo page itself follows it (demo.css).
 */
function askedScheme(): ColorScheme {
  const asked = new URLSearchParams(window.location.search).get('colorScheme');
  const scheme = SCHEMES.find((known) => known === asked);
  if (asked !== null && !scheme) console.warn(`Demo: ?colorScheme=${asked} is not light, dark or auto; following the device.`);
  return scheme ?? 'auto';
}

/** Read once per page load: one warning for a wrong value, and one styles object for every render. */
export const PAGE_SCHEME = askedScheme();
const styles = { colorScheme: PAGE_SCHEME };

/**
 * What every widget on a demo page is given besides its client and config: the page load's style
 * nonce, the colour scheme, and the language the page's address asks for (`?locale=de`; none: the
 * browser's).
 */
export function widgetOptions(demo: DemoConfig): { nonce: string; locale?: string; styles: { colorScheme: ColorScheme } } {
  const locale = new URLSearchParams(window.location.search).get('locale');
  return locale ? { nonce: demo.styleNonce, locale, styles } : { nonce: demo.styleNonce, styles };
}
