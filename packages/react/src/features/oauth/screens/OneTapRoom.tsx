import type { OAuthProviderEntry } from '../../../types';

/** The container's height before Google's prompt says otherwise (the spec's 47 px), and the resize debounce. */
export const ONE_TAP_DEFAULT_HEIGHT = 47;
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;

/**
 * The one-tap container's room while its code loads: the same box at its default height, so the
 * buttons below do not move when the container arrives. A floating container is out of the flow
 * and keeps no room.
 */
export function OneTapRoom({ entry }: { entry: OAuthProviderEntry }) {
  if (entry.position === 'floating') return null;
  return <div className="vst-onetap vst-onetap-embedded" aria-hidden="true" style={{ height: `${ONE_TAP_DEFAULT_HEIGHT}px` }} />;
}
