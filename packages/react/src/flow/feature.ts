import type { ComponentType } from 'react';
import type { VestibuleClient, VestibuleErrorInfo } from '@vestibule/client';
import type { SessionResponse, User } from '@vestibule/contract';
import type { Locale } from '@vestibule/contract/locales';
import type { StringKey } from '../strings/en';
import type { Translate } from '../strings/translate';
import type { ToastType } from '../parts/toast/store';
import type { Callbacks, LoginConfig, Product, WidgetEventType } from '../types';
import type { FlowEvent, FlowState, ResultEvent, Screen, UserEvent } from './types';

/** What an effect gets: the widget's tools and the AbortSignal of the screen it belongs to. */
export interface EffectContext {
  client: VestibuleClient;
  config: LoginConfig;
  callbacks: Callbacks | undefined;
  t: Translate;
  free: (text: string) => string;
  /** The widget's language: what the server words its emails and texts in, unless the config names one. */
  locale: Locale;
  /** The state as it was when the event was sent (before the reducer ran), or when the screen was entered. */
  stateBefore: FlowState;
  /** The mount's features (what Main offers is asked of them: src/main/layout.ts). */
  features: readonly Feature[];
  /**
   * Aborted when the screen this effect belongs to is left (or the widget goes away). After that,
   * `dispatch`, `send` and `toasts` do nothing: a late answer never changes a screen the user left.
   */
  signal: AbortSignal;
  /** Applies an outcome to the state; dropped once `signal` is aborted. */
  dispatch(event: ResultEvent | UserEvent): void;
  /** Sends an event as a screen would (its effects run too); dropped once `signal` is aborted. */
  send(event: UserEvent): void;
  /** The widget's toasts; dropped once `signal` is aborted. */
  toasts: { show(type: ToastType, message: string): void };
  /** Tells the host (callbacks.onEvent); a host callback that throws cannot break the widget. */
  emit(type: WidgetEventType, data: unknown): void;
  /** Tells the host (callbacks.onError). */
  reportError(error: VestibuleErrorInfo): void;
  /** A failed call: its catalogue message under the field or in the banner, and callbacks.onError. */
  fail(err: unknown, placement: 'field' | 'banner'): void;
}

type EventOf<T extends UserEvent['type']> = Extract<UserEvent, { type: T }>;

/** Event-triggered effects: event type → what to do (call the client, then dispatch the outcome). */
export type EffectMap = { [T in UserEvent['type']]?: (event: EventOf<T>, ctx: EffectContext) => void };

/** Loads a feature's effects from a chunk of their own. */
export type LoadEffects = () => Promise<EffectMap>;

/** Reducer cases: the next state, or the same object when the event is not their business. */
export type Reducer = (state: FlowState, event: FlowEvent) => FlowState;

export type ScreenMap = Partial<Record<Screen, ComponentType>>;

/**
 * One sign-in method's (or one mount's) contribution to a flow. Every member is optional; a feature
 * folder exports one Feature per mount it serves (e.g. `passwords` for login, `passwordReset` for
 * the reset mount).
 */
export interface Feature {
  /** For messages and tests. */
  name: string;
  /** Initial values of this feature's part of the state. */
  initial?: Partial<FlowState>;
  /** This feature's reducer cases: the next state, or the same object when the event is not its business. */
  reduce?: Reducer;
  /**
   * Or its reducer cases from a chunk of their own (`() => import('./reducer')`, the reducer its default export):
   * the flow fetches them once the first screen has painted, and holds every event sent or
   * dispatched before they (all of the mount's) are in, then applies them in order.
   */
  loadReduce?: () => Promise<{ default: Reducer }>;
  /**
   * The screen this feature claims for a state, or null. Features are asked in the order the mount
   * lists them; the first answer wins; when none answers the flow shows its start screen.
   */
  screen?(state: FlowState): Screen | null;
  /** Components for this feature's screens (lazy ones wrapped in Suspense). */
  screens?: ScreenMap;
  /**
   * Effects of events; they get the AbortSignal of the screen the event was sent from. A function
   * loads them (`() => import('./effects')…`): the first screen draws without them, the flow fetches
   * them once it has painted, and an event sent before they arrive runs them when they do.
   */
  effects?: EffectMap | LoadEffects;
  /** On-enter hooks per screen; the signal is aborted when that screen is left. */
  enter?: Partial<Record<Screen, (ctx: EffectContext) => void>>;
  /** What this feature offers on Main, the login mount's start screen. */
  main?: MainOffer;
  /** Its section of the account page (the account mount, src/account/). */
  account?: AccountSection;
  /** The way it offers on the account page to confirm it is you before a change that needs a recent sign-in. */
  confirm?: ConfirmWay;
}

/**
 * A section of the account page, as a feature offers it: where a signed-in person manages what the
 * feature adds to their account. src/account/ lists the sections of the mount's features in order,
 * each under its heading, and names none of them.
 */
export interface AccountSection {
  /** What the section is for ('emails'): its key on the page. */
  id: string;
  /** Where it sits: lower first. Distinct from the other sections' of the mount. */
  order: number;
  /**
   * Its heading (an <h2>), in English. Not a strings.ts key: those go into the shared core the
   * login mount loads up front. A host rewords it by this text (`strings`), as every text.
   */
  heading: string;
  /** Whether the page shows it for the configuration and the user (none: always). */
  shown?(config: LoginConfig, user: User): boolean;
  /** The section's content, loaded lazily (React.lazy): the page shows a spinner under the heading until it arrives. */
  section: ComponentType;
}

/**
 * A way to confirm it is you, as a feature offers it: the account page's inline step when a change
 * answers reauthentication_required. The person signs in again with the same session (the
 * sign-in adds its factor to it), then the page sends the same change again.
 */
export interface ConfirmWay {
  /** Where its choices sit among the other ways': lower first. */
  order: number;
  /** Its choices for this user (none: the user does not have this way), each a button. */
  choices(user: User): ConfirmChoice[];
  /** What a choice opens (loaded lazily): it signs in again and hands the answer on. */
  step: ComponentType<ConfirmStepProps>;
}

export interface ConfirmChoice {
  /** Tells the step which of the way's choices it is (an address, a number). */
  key: string;
  /** The button's text in English, a host rewording it by this text; {name} placeholders filled from `values`. */
  label: string;
  values?: Record<string, string>;
}

export interface ConfirmStepProps {
  user: User;
  /** ConfirmChoice.key of the choice made. */
  choice: string;
  /** The sign-in's answer: the page sends the change again if it is the same user. */
  onConfirmed(response: SessionResponse): void;
  /** Back to the choices. */
  onCancel(): void;
}

/** One tab of Main's form, as a feature offers it. */
export interface MainTab {
  /** What the tab is for ('email', 'sms'): the tab's DOM id and `state.mainTab`. Features offering one id share one tab. */
  id: string;
  label: StringKey;
  /** The form the tab shows. */
  form: ComponentType;
  /** Fetches the form's code when it loads lazily: Main calls it after the first paint, so a switch to the tab draws the form at once. */
  load?(): Promise<unknown>;
  /** Of the features offering one id, the one with the highest rank draws the form (none: 0). */
  rank?: number;
}

/**
 * What a feature offers on Main (src/main/layout.ts composes the offers): tabs of Main's form, a
 * block of its own, or a configuration it cannot be shown with. Main asks a feature only
 * while its product is in config.products.
 */
export interface MainOffer {
  /** The entry of config.products that turns the feature on; its tabs sit where that entry sits. */
  product: Product;
  /** Its tabs of Main's form, in its own order. */
  tabs?(config: LoginConfig): MainTab[];
  /** Its own block (buttons), beside the form. */
  block?: ComponentType;
  /**
   * Identifier-first: what it offers on the screens that follow an email typed on Main (a link
   * sent, a password asked for, a passcode sent): another way in for that address, such as its
   * passkey. Lazy: drawn once loaded, nothing meanwhile.
   */
  afterEmail?: ComponentType<{ email: string }>;
  /**
   * Where its block goes: the form is at 0, lower numbers above it, higher below (none: 9, below
   * the rest). Distinct from the other blocks' of the mount: it keys the block.
   */
  order?(config: LoginConfig): number;
  /** Whether its block is left out now (none: never); `tabs` are the ids of Main's tabs. */
  hides?(state: FlowState, tabs: string[]): boolean;
  /** A configuration it cannot be shown with: the text Main shows instead of any form or block. */
  error?(config: LoginConfig): StringKey | null;
}

/** Marks a request in flight: pending, and the last error and notice cleared. */
export function startRequest<S extends FlowState>(state: S): S {
  return { ...state, pending: true, errorDescriptor: null, banner: null };
}
