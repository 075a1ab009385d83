/**
 * What the demo needs to know about the running stack. The demo server writes it into the page
 * as inert JSON (not a script), so ports and tokens change without a rebuild and the page runs
 * under a strict Content-Security-Policy.
 */
export interface DemoConfig {
  apiBaseUrl: string;
  publicToken: string;
  /** This page load's Content-Security-Policy nonce, for the style element the widgets inject. */
  styleNonce: string;
}

export const DEMO_CONFIG_ELEMENT_ID = 'vestibule-demo-config';

export function readDemoConfig(): DemoConfig {
  const element = document.getElementById(DEMO_CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    throw new Error('The demo page was served without its configuration; start it with `npm start`.');
  }
  return JSON.parse(element.textContent) as DemoConfig;
}
