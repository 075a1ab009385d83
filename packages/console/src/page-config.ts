/**
 * What the server tells the console about itself: it writes this into index.html as inert JSON
 * (packages/server/src/features/console/page.ts, whose element id and shape these are), so the
 * console runs under a strict Content-Security-Policy and needs no rebuild for another server.
 */
export interface PageConfig {
  /** The server's public URL: the management API (/v1) and the sign-in API (/sdk/v1). */
  apiBaseUrl: string;
  publicToken: string;
  projectName: string;
  /** The console's path (`/console`): its pages' base. */
  basePath: string;
  /** This page load's Content-Security-Policy nonce, for the style element the login widget injects. */
  styleNonce: string;
}

const ELEMENT_ID = 'vestibule-console-config';

export function readPageConfig(): PageConfig {
  const element = document.getElementById(ELEMENT_ID);
  if (!element?.textContent) throw new Error('The console page was served without its settings: open it from the Vestibule server, at /console.');
  return JSON.parse(element.textContent) as PageConfig;
}
