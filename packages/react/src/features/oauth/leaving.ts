import type { EffectContext } from '../../flow/feature';

/**
 * The page is leaving for the provider or the landing. Back may restore it from the browser's
 * cache exactly as it was left, a button spinning: make the buttons ready again when it does.
 */
export function readyAgainOnReturn(ctx: EffectContext): void {
  window.addEventListener('pageshow', (e) => e.persisted && ctx.dispatch({ type: 'OAUTH_START_ABANDONED' }), { once: true });
}
