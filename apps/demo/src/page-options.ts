import type { DemoConfig } from './demo-config';

/**
 * What every widget on a demo page is given besides its client and config: the page load's style
 * nonce, and the language the page's address asks for (`?locale=de`; none: the browser's).
 */
export function widgetOptions(demo: DemoConfig): { nonce: string; locale?: string } {
  const locale = new URLSearchParams(window.location.search).get('locale');
  return locale ? { nonce: demo.styleNonce, locale } : { nonce: demo.styleNonce };
}
