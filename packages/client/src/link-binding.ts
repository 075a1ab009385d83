import { pkceChallenge, pkcePair } from './pkce.js';

/**
 * Where this browser keeps the verifier its emailed sign-in links (magic links, a reset email's
 * login link) are bound to: one per project, kept for good, so that every link it asked for (the
 * latest or an earlier one) signs in here at once.
 */
export function linkVerifierStorageKey(publicToken: string): string {
  return `vestibule_link_verifier::${publicToken}`;
}

/**
 * Mail filters open every link, some running its script, before the person clicks: a link asked
 * for with this browser's challenge is spent at once only where the verifier is (the server
 * refuses it elsewhere until the person confirms). `store` is the page's localStorage, if it may
 * use one (browser-storage.ts: passed in rather than imported, which would split that module into
 * a chunk of its own in a host's bundle, loaded up front).
 */
export function linkBinding(publicToken: string, store: Storage | null) {
  const key = linkVerifierStorageKey(publicToken);
  const verifier = (): string | undefined => {
    try {
      return store?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    verifier,
    /**
     * The challenge to ask for a link with, the verifier made on first use. None where the page
     * cannot keep one (a server, blocked storage): such a link signs in wherever it is opened.
     */
    async challenge(): Promise<string | undefined> {
      let kept = verifier();
      if (!kept && store) {
        kept = (await pkcePair()).verifier;
        try {
          store.setItem(key, kept);
        } catch {
          return undefined;
        }
      }
      return kept && pkceChallenge(kept);
    },
  };
}
