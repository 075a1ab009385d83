import type { ComponentType } from 'react';
import type { Feature, MainOffer, MainTab } from '../flow/feature';
import type { FlowState } from '../flow/types';
import type { StringKey } from '../strings/en';
import type { LoginConfig } from '../types';

/**
 * What Main shows, decided in one place: one pure function of the mount's features, the
 * configuration and the flow state. Main names no feature: each offers its tabs, its block and the
 * configurations it cannot be shown with (Feature.main); Main.tsx only draws the answer.
 */

/** One block of Main, and where it goes (`at`: the form is at 0, lower above it, higher below). */
export type MainBlock =
  /** The form; with more than one tab, WAI-ARIA tabs in configuration order. */
  | { at: number; tabs: MainTab[] }
  /** A feature's own block (its buttons), drawn by that feature. */
  | { at: number; draw: ComponentType };

export type MainLayout = { error: StringKey; blocks: [] } | { error: null; blocks: MainBlock[] };

/** The offers of the features whose product is configured, in the mount's order. */
export function offers(features: readonly Feature[], config: LoginConfig): MainOffer[] {
  const products = config.products ?? [];
  return features.flatMap((f) => (f.main && products.includes(f.main.product) ? [f.main] : []));
}

/** The configuration error shown in place of everything, the first a configured feature names; or null. */
export function mainError(features: readonly Feature[], config: LoginConfig): StringKey | null {
  // The developer's mistakes (otp without methods, unknown values, durations) are caught at mount,
  // before Main shows: src/widget/config-fault.ts.
  return (
    offers(features, config)
      .map((offer) => offer.error?.(config))
      .find(Boolean) ?? null
  );
}

/**
 * Main's tabs in configuration order: each feature's where its product sits in config.products.
 * Features offering one id share one tab, where the first of them sits; the highest rank draws it.
 */
export function mainTabs(features: readonly Feature[], config: LoginConfig): MainTab[] {
  const tabs: MainTab[] = [];
  for (const product of config.products ?? []) {
    for (const offer of offers(features, config)) {
      if (offer.product !== product) continue;
      for (const tab of offer.tabs?.(config) ?? []) {
        const i = tabs.findIndex((t) => t.id === tab.id);
        if (i < 0) tabs.push(tab);
        else if ((tab.rank ?? 0) > (tabs[i]!.rank ?? 0)) tabs[i] = tab;
      }
    }
  }
  return tabs;
}

/** Main's blocks in order: the form, and the blocks of the features that show one now; or the configuration error shown instead. */
export function mainLayout(features: readonly Feature[], config: LoginConfig, state: FlowState): MainLayout {
  const error = mainError(features, config);
  if (error) return { error, blocks: [] };
  const tabs = mainTabs(features, config);
  const ids = tabs.map((tab) => tab.id);
  const blocks: MainBlock[] = tabs.length ? [{ at: 0, tabs }] : [];
  for (const offer of offers(features, config)) {
    if (offer.block && !offer.hides?.(state, ids)) blocks.push({ at: offer.order?.(config) ?? 9, draw: offer.block });
  }
  return { error: null, blocks: blocks.sort((a, b) => a.at - b.at) };
}
