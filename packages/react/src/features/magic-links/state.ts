import type { MagicLinkLoginOrCreateResponse } from '@vestibule/contract';

/** Email magic links' part of the flow state. */
export interface MagicLinkSlice {
  /** Set once a magic link was sent to this address; cleared by 'Try again'. */
  magicLinkState: { email: string } | null;
  /** The reset page's magic link was refused (used, expired or unknown): MagicLinkDead shows. */
  magicLinkDead: boolean;
  /**
   * The reset page's magic link was opened away from the browser that asked for it (perhaps by a
   * mail filter): still live, it waits for 'Continue as {email}' (MagicLinkContinue).
   */
  magicLinkUnconfirmed: { email: string; token: string } | null;
}

export type MagicLinkEvent =
  | { type: 'SUBMIT_MAGIC_LINK'; email: string }
  | { type: 'TRY_AGAIN' }
  /** The reset page's link carries a magic-link token: log in with it. */
  | { type: 'AUTHENTICATE_MAGIC_LINK'; token: string }
  /** MagicLinkContinue's button: the person signs in here with the link opened elsewhere. */
  | { type: 'CONFIRM_MAGIC_LINK' };

export type MagicLinkResult =
  | { type: 'MAGIC_LINK_SENT'; email: string; response: MagicLinkLoginOrCreateResponse }
  | { type: 'MAGIC_LINK_DEAD' }
  | { type: 'MAGIC_LINK_UNCONFIRMED'; email: string; token: string };

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
    magicLinks: 'EmailConfirmation' | 'MagicLinkDead' | 'MagicLinkContinue';
  }
  interface SignInMethods {
    magic_link: true;
  }
}

/** The login mount's: the reset page's link (magicLinkDead, magicLinkUnconfirmed) is the token feature's. */
export const initialMagicLinkSlice: Partial<MagicLinkSlice> = { magicLinkState: null };

export const initialMagicLinkTokenSlice: MagicLinkSlice = { magicLinkState: null, magicLinkDead: false, magicLinkUnconfirmed: null };
