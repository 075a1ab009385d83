import type { User } from '@vestibule/contract';

/** Passkeys' part of the flow state: today only who is signed in, for the registration mount. */
export interface PasskeySlice {
  /** The signed-in user the registration mount creates passkeys for (null: nobody signed in). */
  passkeyUser: User | null;
}

export type PasskeyResult = { type: 'PASSKEY_USER_CHANGED'; user: User | null };

declare module '../../flow/types' {
  interface FeatureStates {
    passkeys: PasskeySlice;
  }
  interface FeatureResults {
    passkeys: PasskeyResult;
  }
  interface FeatureScreens {
    passkeys: 'PasskeyRegistrationStart';
  }
}

export const initialPasskeySlice: PasskeySlice = { passkeyUser: null };
