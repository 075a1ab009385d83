/**
 * The one script for a page with no bundler: `<script type="module" src=".../vestibule.js">`
 * defines the global `Vestibule` (the mount functions and createVestibuleClient) and exports the
 * same. It is an ES module so that its heavy parts (the phone input, lazy screens) stay in chunks
 * beside it, fetched only when needed and found relative to the script wherever it is served from
 * (a path of the host's site or another origin), not relative to the page.
 */
import * as api from './index';

declare global {
  var Vestibule: typeof api;
}

globalThis.Vestibule = api;
// <vestibule-login> and the other mounts, for pages that write HTML rather than call a function.
if (globalThis.customElements) api.defineElements();

export * from './index';
