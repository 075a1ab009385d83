import { sessionMark, type VestibuleClient } from '@vestibule/client';
import type { ServerState } from '../types';

/**
 * Whether what the host's server read was read for this browser: with its session cookie (not
 * another of the name, nor another visitor's page from a cache) and, with `address`, for this
 * page's query. On a server it is, by definition. The widget draws the server's screen while it
 * hydrates either way (the HTML is that); it acts on it, and keeps it, only when this holds.
 */
export function drawnForThisBrowser(state: ServerState, client: VestibuleClient, address = false): boolean {
  if (typeof window === 'undefined') return true;
  if (address && state.search !== window.location.search) return false;
  return state.session === sessionMark(client.session.getTokens()?.session_token);
}
