/**
 * `@vestibule/react/server`: for the host's server that renders the widgets (Node, a Next.js server
 * component). No React and no browser API here: what the server reads for a mount's first screen,
 * given to the mount as `serverState` on the server and, the same, in the browser.
 */
export { loadServerState, type LoadServerStateOptions, type ServerRenderedMount } from './load-server-state';
export type { IdpServerPreflight, ServerState } from '../types';
