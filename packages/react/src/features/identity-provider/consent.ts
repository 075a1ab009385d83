import type { Bootstrap } from '@vestibule/contract';
import type { IDPConsentItem, IDPConsentManifestGenerator } from '../../types';
import type { ScopeResult } from './params';
import { say, texts } from './texts';

/** Standard scopes; every other scope is custom. */
export const STANDARD_SCOPES: ReadonlySet<string> = new Set(['openid', 'profile', 'email', 'phone', 'full_access', 'offline_access']);

/** True when every requested scope is standard: the title is then 'Sign in to {clientName} with {projectName}'. */
export function allStandard(scopes: readonly ScopeResult[]): boolean {
  return scopes.every((s) => STANDARD_SCOPES.has(s.scope));
}

type Free = (text: string) => string;

/**
 * What a scope lets the client do, for a custom (or an unworded standard) scope. A custom scope's
 * one source is the project's rbacPolicy (bootstrap); without a description there, 'Use the {scope}
 * scope', which the host may reword. A standard scope has the server's SPEC wording.
 */
function describe(result: ScopeResult, bootstrap: Bootstrap, free: Free): string {
  const description = STANDARD_SCOPES.has(result.scope) ? result.description : bootstrap.rbacPolicy?.scopes.find((s) => s.scope === result.scope)?.description;
  return description ? free(description) : say(free, texts.useScope, { scope: result.scope });
}

const PROFILE_DETAILS: Record<string, string> = { profile: texts.profileDetail, email: texts.emailDetail, phone: texts.phoneDetail };

/**
 * The default consent text: one item per scope, in the order requested, the
 * profile, email and phone scopes gathered under 'View your personal profile information'.
 */
export function defaultManifest(scopes: readonly ScopeResult[], bootstrap: Bootstrap, free: Free): IDPConsentItem[] {
  const items: IDPConsentItem[] = [];
  let profile: IDPConsentItem | null = null;
  for (const result of scopes) {
    const { scope } = result;
    if (scope === 'openid') items.push({ header: free(texts.openidHeader), details: [free(texts.openidDetail)] });
    else if (scope === 'offline_access') items.push({ header: free(texts.offlineAccessHeader), details: [] });
    else if (PROFILE_DETAILS[scope]) {
      if (!profile) {
        profile = { header: free(texts.profileHeader), details: [] };
        items.push(profile);
      }
      profile.details.push(free(PROFILE_DETAILS[scope]));
    } else items.push({ header: describe(result, bootstrap, free), details: [] });
  }
  return items;
}

/** The host's manifest (getIDPConsentManifest) if it gives one; if it throws or answers nonsense, logged, and the default. */
export function consentManifest(
  generator: IDPConsentManifestGenerator | undefined,
  input: { scopes: ScopeResult[]; clientName: string },
  bootstrap: Bootstrap,
  free: Free,
): IDPConsentItem[] {
  if (generator) {
    try {
      const items = generator({ scopes: input.scopes.map((s) => s.scope), clientName: input.clientName });
      if (!Array.isArray(items)) throw new TypeError('getIDPConsentManifest must return an array of { header, details }.');
      return items;
    } catch (err) {
      console.error('Vestibule: getIDPConsentManifest failed; the default consent text is shown.', err);
    }
  }
  return defaultManifest(input.scopes, bootstrap, free);
}
