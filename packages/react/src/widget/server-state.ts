import { useEffect, useState } from 'react';
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

/**
 * For a flow that starts from what the host's server read: `ours`, whether it was read for this
 * browser (decided once, drawnForThisBrowser), and `fromServer`, whether the flow is drawn from it
 * now. Another's is drawn only while it hydrates (the HTML is that) and replaced after, by an
 * effect: when it is ours nothing changes, and no part still hydrating is touched.
 */
export function useServerDrawn(state: ServerState | undefined, client: VestibuleClient, address = false): { ours: boolean; fromServer: boolean } {
  const [ours] = useState(() => state !== undefined && drawnForThisBrowser(state, client, address));
  const [fromServer, setFromServer] = useState(state !== undefined);
  useEffect(() => {
    if (!ours) setFromServer(false);
  }, [ours]);
  return { ours, fromServer };
}
