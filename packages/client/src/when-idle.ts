/**
 * Runs `work` once the browser has a moment: after the frame it is drawing (a widget mounted with a
 * client just made paints first), and within `timeoutMs` even on a busy page. Where there is no
 * requestIdleCallback (Safari, a server), after a timer.
 */
export function whenIdle(work: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: timeoutMs });
  else setTimeout(work, 0);
}
