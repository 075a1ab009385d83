import type { Bootstrap } from '@vestibule/contract';
import type { HttpClient } from './http.js';
import { browserStorage } from './browser-storage.js';

/** What getSync answers before the first fetch has ever been cached. */
export const DEFAULT_BOOTSTRAP: Readonly<Bootstrap> = Object.freeze({
  emailDomains: [],
  passwordConfig: null,
  displayWatermark: false,
  projectName: '',
  rbacPolicy: null,
});

/** The local-storage key of a public token's cached bootstrap. */
export function bootstrapStorageKey(publicToken: string): string {
  return `vestibule_bootstrap::${publicToken}`;
}

export interface BootstrapCache {
  getSync(): Bootstrap;
  getAsync(): Promise<Bootstrap>;
  /**
   * Whether getSync answers with a fetched copy (cached from an earlier visit, or fetched on this
   * page) rather than the defaults: on a first visit a widget reserves room for what may come.
   */
  isKnown(): boolean;
  /** Fetches a fresh copy at the start of the page, unless something has asked for one already (a widget as it mounts). */
  prefetch(): void;
}

/** The bootstrap's fields from an answer or a stored copy, each of its type (a missing or odd one takes its default). */
export function pickBootstrap(value: Partial<Bootstrap>): Bootstrap {
  return {
    emailDomains: Array.isArray(value.emailDomains) ? value.emailDomains : [],
    passwordConfig: value.passwordConfig ?? null,
    displayWatermark: value.displayWatermark === true,
    projectName: typeof value.projectName === 'string' ? value.projectName : '',
    rbacPolicy: value.rbacPolicy ?? null,
  };
}

export function createBootstrapCache(options: { publicToken: string; http: HttpClient; storage?: Storage | null }): BootstrapCache {
  const key = bootstrapStorageKey(options.publicToken);
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  let memory: Bootstrap | null = null;
  let inFlight: Promise<Bootstrap> | null = null;
  let asked = false;

  const stored = (): Bootstrap | null => {
    try {
      const raw = storage?.getItem(key);
      if (raw) return pickBootstrap(JSON.parse(raw) as Partial<Bootstrap>);
    } catch {
      // unreadable cache: as if there were none
    }
    return null;
  };

  const getAsync = (): Promise<Bootstrap> => {
    asked = true;
    inFlight ??= options.http
      .request('GET /sdk/v1/projects/bootstrap')
      .then((response) => {
        const bootstrap = pickBootstrap(response);
        memory = bootstrap;
        try {
          storage?.setItem(key, JSON.stringify(bootstrap));
        } catch {
          // quota or access errors: memory still serves this page
        }
        return bootstrap;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return {
    getSync() {
      return stored() ?? memory ?? { ...DEFAULT_BOOTSTRAP, emailDomains: [] };
    },
    isKnown() {
      return memory !== null || stored() !== null;
    },
    getAsync,
    prefetch() {
      if (!asked) getAsync().catch(() => undefined);
    },
  };
}
