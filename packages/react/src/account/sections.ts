import type { User } from '@vestibule/contract';
import type { AccountSection, ConfirmChoice, ConfirmWay, Feature } from '../flow/feature';
import type { LoginConfig } from '../types';

/**
 * What the account page shows, decided in one place: pure functions of the mount's features, the
 * configuration and the user. The page names no feature: each offers its section and its way to
 * confirm it is you (Feature.account, Feature.confirm).
 */

/** The sections the page shows, in order. */
export function accountSections(features: readonly Feature[], config: LoginConfig, user: User): AccountSection[] {
  return features.flatMap((f) => (f.account && (f.account.shown?.(config, user) ?? true) ? [f.account] : [])).sort((a, b) => a.order - b.order);
}

/** Every way this user can confirm it is them, each of its choices in turn, in order. */
export function confirmChoices(features: readonly Feature[], user: User): { way: ConfirmWay; choice: ConfirmChoice }[] {
  return features
    .flatMap((f) => (f.confirm ? [f.confirm] : []))
    .sort((a, b) => a.order - b.order)
    .flatMap((way) => way.choices(user).map((choice) => ({ way, choice })));
}
