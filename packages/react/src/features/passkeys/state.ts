import type { SessionResponse, User } from '@vestibule/contract';

/** Passkeys' part of the flow state: sign-in on Main (login mount) and the registration mount. */
export interface PasskeySlice {
  /**
   * Main offers passkeys through the email field's autofill instead of a button. Assumed until the
   * browser answers (most do support it), so supporting browsers never see the button flash.
   */
  passkeyAutofill: boolean;
  /** The passkey button's ceremony is under way. */
  passkeyPending: boolean;
  /** The passkey button's last failure, shown under it (null: none, or the user cancelled). */
  passkeyError: string | null;
  /** The signed-in user the registration mount creates passkeys for (null: nobody signed in). */
  passkeyUser: User | null;
  /** What the user did on PasskeyRegistrationStart; either shows PasskeyRegistrationSuccess. */
  passkeyOutcome: 'created' | 'skipped' | null;
}

export type PasskeyEvent =
  /** email: identifier-first, that address's passkeys only. */
  | { type: 'PASSKEY_SIGN_IN'; email?: string }
  | { type: 'CREATE_PASSKEY' }
  | { type: 'SKIP_PASSKEY' }
  /** 'Set up another Passkey': back to PasskeyRegistrationStart. */
  | { type: 'SET_UP_ANOTHER_PASSKEY' }
  | { type: 'RENAME_PASSKEY'; id: string; name: string }
  | { type: 'DELETE_PASSKEY'; id: string }
  | { type: 'PASSKEYS_DONE' };

export type PasskeyResult =
  | { type: 'PASSKEY_AUTOFILL_KNOWN'; supported: boolean }
  /** message null: the user cancelled the browser's dialog, nothing to show. */
  | { type: 'PASSKEY_SIGN_IN_FAILED'; message: string | null }
  | { type: 'PASSKEY_CREATED'; response: SessionResponse }
  | { type: 'PASSKEY_USER_CHANGED'; user: User | null };

declare module '../../flow/types' {
  interface FeatureStates {
    passkeys: PasskeySlice;
  }
  interface FeatureEvents {
    passkeys: PasskeyEvent;
  }
  interface FeatureResults {
    passkeys: PasskeyResult;
  }
  interface FeatureScreens {
    passkeys: 'PasskeyRegistrationStart' | 'PasskeyRegistrationSuccess' | 'PasskeyConfirmation';
  }
  interface SignInMethods {
    passkey: true;
  }
}

export const initialPasskeySlice: PasskeySlice = {
  passkeyAutofill: true,
  passkeyPending: false,
  passkeyError: null,
  passkeyUser: null,
  passkeyOutcome: null,
};
