import type { MagicLinkLoginOrCreateResponse } from '@vestibule/contract';

/** Email magic links' part of the flow state. */
export interface MagicLinkSlice {
  /** Set once a magic link was sent to this address; cleared by 'Try again'. */
  magicLinkState: { email: string } | null;
  /** The reset page's magic link was refused (used, expired or unknown): MagicLinkDead shows. */
  magicLinkDead: boolean;
}

export type MagicLinkEvent =
  | { type: 'SUBMIT_MAGIC_LINK'; email: string }
  | { type: 'TRY_AGAIN' }
  /** The reset page's link carries a magic-link token: log in with it. */
  | { type: 'AUTHENTICATE_MAGIC_LINK'; token: string };

export type MagicLinkResult = { type: 'MAGIC_LINK_SENT'; email: string; response: MagicLinkLoginOrCreateResponse } | { type: 'MAGIC_LINK_DEAD' };

declare module '../../flow/types' {
  interface FeatureStates {
    magicLinks: MagicLinkSlice;
  }
  interface FeatureEvents {
    magicLinks: MagicLinkEvent;
  }
  interface FeatureResults {
    magicLinks: MagicLinkResult;
  }
  interface FeatureScreens {
    magicLinks: 'EmailConfirmation' | 'MagicLinkDead';
  }
  interface SignInMethods {
    magic_link: true;
  }
}

export const initialMagicLinkSlice: MagicLinkSlice = { magicLinkState: null, magicLinkDead: false };
