/**
 * The texts of failures, which only the lazy part's steps (steps.ts) show. Not in strings.ts: every
 * strings.ts goes into the shared core that the login mount loads up front. Hosts override them all
 * the same, by their English text (`strings` mount option), through `free()`.
 */

/** The wallet failed to connect, or the user refused it there. */
export const CONNECT_FAILED = '[Error] Could not connect to wallet';
/** The wallet did not sign, or the user refused it there. */
export const SIGN_FAILED = '[Error] Could not sign message';
/** Opens the notice of a sign-in the server refused; what happened and what to do follow. */
export const SIGN_IN_REFUSED = 'Your sign in request could not be completed...';
