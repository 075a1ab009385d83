/**
 * The flow's vocabulary. The engine owns only the common part; every feature adds its own part of
 * the state, its events, its result events, its screens and its sign-in method by declaration
 * merging, in its own `state.ts`:
 *
 *   declare module '../../flow/types' {
 *     interface FeatureStates { magicLinks: MagicLinkSlice }
 *     interface FeatureEvents { magicLinks: MagicLinkEvent }
 *     ...
 *   }
 *
 * so the engine never imports a feature, and a feature never imports another one: all of them
 * meet in these merged types.
 */
import type { VestibuleErrorInfo } from '@vestibule/client';
import type { SignInResponse } from '@vestibule/contract';
import type { BannerVariant } from '../parts/Banner';
import type { WidgetEventType } from '../types';

/** Feature name → that feature's part of the flow state. */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface FeatureStates {}
/** Feature name → the union of events its screens send. */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface FeatureEvents {}
/** Feature name → the union of events its effects dispatch with the outcome of a call. */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface FeatureResults {}
/** Feature name → the union of its internal screen values. */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface FeatureScreens {}
/** Sign-in method name (the value of `authenticated`) → true. */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface SignInMethods {}
/**
 * Feature name → what its Main forms keep of a submission (`mainDraft`), so that the back arrow
 * returns to a filled form. Each shape says which form it belongs to.
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by the features through declaration merging (a type alias could not be merged)
export interface MainDrafts {}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export type MountKind = 'login' | 'passwordReset' | 'passkeyRegistration' | 'identityProvider';

export type { BannerVariant };

export interface Banner {
  variant: BannerVariant;
  message: string;
}

export type SignInMethod = keyof SignInMethods;

/** The state every mount has, whatever its features. */
export interface CommonState {
  mount: MountKind;
  /**
   * What the user last submitted on one of Main's forms, as typed (the shape is that form's
   * feature's, see MainDrafts), so the back arrow returns to a filled form. One for all of Main:
   * a submission on another form replaces it.
   */
  mainDraft: MainDrafts[keyof MainDrafts] | null;
  /** The id of the Main tab the user chose (MainTab.id), kept across the back arrow. */
  mainTab: string | null;
  /** A request is in flight: submit buttons are disabled and show a spinner. */
  pending: boolean;
  /** Signed in during this flow (by which method). */
  authenticated: SignInMethod | null;
  /**
   * The last error, shown under the field it concerns or in the banner. `retry`: the message the
   * call was to send could not be sent (delivery_failed), and this event sends it again.
   */
  errorDescriptor: { error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner'; retry?: UserEvent } | null;
  /** A non-error notice at the top of the widget. */
  banner: Banner | null;
}

/** Widget state: the common part and every feature's part. Facts only. */
export type FlowState = CommonState & UnionToIntersection<FeatureStates[keyof FeatureStates]>;

/** Events every mount understands. */
export type CommonEvent =
  /** A Main tab was chosen (its MainTab.id). */
  | { type: 'SELECT_TAB'; tab: string }
  /** A success screen showed. authenticated: fire authenticate-flow-complete; flowComplete (default true): fire flow-complete. */
  | { type: 'SUCCESS_SHOWN'; authenticated: boolean; flowComplete?: boolean }
  | { type: 'SHOW_BANNER'; banner: Banner }
  | { type: 'DISMISS_BANNER' }
  /**
   * Back to the start from a sign-in that cannot go on (a second step given up, or expired): every
   * feature drops the sign-in it has in progress; Main's draft and tab stay, so the form is filled.
   */
  | { type: 'START_AGAIN' };

/** Outcomes every mount understands. */
export type CommonResult =
  /**
   * A sign-in answered (flow/signIn.ts): `event` is the host event that tells it. An answer held for
   * a second step (an intermediate session) is no sign-in yet: the feature that asks for that step
   * takes it, and sends AUTHENTICATED again, with the session, once the step is done.
   */
  | { type: 'AUTHENTICATED'; method: SignInMethod; event: WidgetEventType; response: SignInResponse }
  | { type: 'FAILED'; error: VestibuleErrorInfo; message: string; placement: 'field' | 'banner'; retry?: UserEvent };

/** Events the screens send (and on-enter hooks may send). */
export type UserEvent = CommonEvent | FeatureEvents[keyof FeatureEvents];
/** Events the effects dispatch with the outcome of a call. */
export type ResultEvent = CommonResult | FeatureResults[keyof FeatureResults];
export type FlowEvent = UserEvent | ResultEvent;

/** Internal screen values. 'Main' is the login mount's start screen (src/main). */
export type Screen = 'Main' | FeatureScreens[keyof FeatureScreens];
