import type { IntermediateSessionResponse, TotpCreateResponse, TotpEnrolResponse } from '@vestibule/contract';
import type { SignInMethod } from '../../flow/types';
import type { WidgetEventType } from '../../types';

/**
 * A sign-in held back for its second step: the first factor's method and the host event its
 * sign-in tells, kept so that once the step is done the method's own success screen and event
 * follow, as for anyone else.
 */
export interface HeldSignIn {
  method: SignInMethod;
  event: WidgetEventType;
  /** What the server asked for: a code (verify), or, the project requiring the step of a user without it, adding the app first (enrol). */
  step: IntermediateSessionResponse['two_step'];
  /** 'Use a recovery code instead' was chosen (until 'Use a code from your authenticator app instead'). */
  recovery?: boolean;
  /** Adding the app: its new key, once the server made it. */
  key?: TotpCreateResponse;
  /** The app was added and the session stored: the answer, with the recovery codes to save before going on. */
  enrolled?: TotpEnrolResponse;
}

/** Two-step verification's part of the flow state. */
export interface TwoStepSlice {
  /** Set while a sign-in waits for its second step; cleared when it is done or given up. */
  twoStep: HeldSignIn | null;
}

/** What the step asks the server: each of its calls, or to go on once the new recovery codes are saved. */
export type TwoStepRequest =
  /** A code from the app (its sixth digit is in), a recovery code, or the app's first code to turn it on. */
  | { call: 'code' | 'recovery_code' | 'enrol'; code: string }
  /** Adding the app: a new key (on showing the screen, and 'Try again'). */
  | { call: 'create' }
  /** 'I have saved these codes': the sign-in goes on. */
  | { call: 'codes_saved' };

/** What moved the step on: a form chosen ('Use a recovery code instead' and back), or the server's answer (the key, the app added). */
export type TwoStepChange = Pick<HeldSignIn, 'recovery' | 'key' | 'enrolled'>;

/**
 * Two events only, a request and a change, so that the reducer the login mount loads up front
 * stays small (its size budget); what each one is says its `call` or its `change`.
 */
export type TwoStepEvent = { type: 'TWO_STEP_REQUEST'; request: TwoStepRequest } | { type: 'TWO_STEP_CHANGED'; change: TwoStepChange };

declare module '../../flow/types' {
  interface FeatureStates {
    twoStep: TwoStepSlice;
  }
  interface FeatureEvents {
    twoStep: TwoStepEvent;
  }
  interface FeatureScreens {
    twoStep: 'TwoStep';
  }
}

export const initialTwoStepSlice: TwoStepSlice = { twoStep: null };
