import type { ToastStore } from '../parts/toast/store';
import type { WidgetContextValue } from '../widget/context';
import type { FlowEngine } from './engine';
import { NETWORK_ERROR_MESSAGE } from '@vestibule/client';
import type { EffectContext } from './feature';
import type { FlowEvent, FlowState, Screen, UserEvent } from './types';

/** Runs a flow outside React: the state, the screen showing, and the AbortController of that screen. */
export interface FlowRunner {
  getState(): FlowState;
  /** A screen sends an event: the state changes, then the event's effects run with the signal of the screen it was sent from. */
  send(event: UserEvent): void;
  /** Enters the screen of the current state if it is not the one entered last (runs its on-enter hooks). */
  enterScreen(): void;
  /** Leaves the current screen: its signal is aborted. */
  leave(): void;
}

interface ScreenScope {
  screen: Screen;
  controller: AbortController;
}

/**
 * `widget` is read at each call (the host may pass new callbacks); `onChange` is told every new state.
 */
export function createFlowRunner(options: {
  flow: FlowEngine;
  initial: FlowState;
  widget: () => WidgetContextValue;
  toasts: ToastStore;
  onChange: (state: FlowState) => void;
}): FlowRunner {
  const { flow, widget, toasts, onChange } = options;
  let state = options.initial;
  let scope: ScreenScope | null = null;

  /** `event`: the one whose effects get this context, if any (a screen's on-enter hooks have none). */
  const context = (signal: AbortSignal, event?: UserEvent): EffectContext => {
    const w = widget();
    const live =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (!signal.aborted) fn(...args);
      };
    const ctx: EffectContext = {
      client: w.client,
      config: w.config,
      callbacks: w.callbacks,
      t: w.t,
      free: w.free,
      locale: w.locale,
      stateBefore: state,
      features: flow.features,
      signal,
      dispatch: live((event) => apply(event)),
      send: live((event) => runner.send(event)),
      toasts: { show: live((type, message) => void toasts.show(type, message)) },
      emit: w.emit,
      reportError: w.reportError,
      fail(err, placement) {
        // The catalogue's words load with the first failure, so no first paint waits for them; if
        // even they cannot load, the server is out of reach for this page, and it says so.
        import('./errors').then(
          ({ messageForError, toErrorInfo }) => {
            const error = toErrorInfo(err);
            // A message that could not be sent: the same event sends it again (the screen's 'Try again').
            const retry = error.error_type === 'delivery_failed' ? event : undefined;
            ctx.dispatch({ type: 'FAILED', error, message: messageForError(err, w.free), placement, retry });
            w.reportError(error);
          },
          () => {
            const error = { error_type: 'network_error', message: NETWORK_ERROR_MESSAGE } as const;
            ctx.dispatch({ type: 'FAILED', error, message: w.free(NETWORK_ERROR_MESSAGE), placement });
            w.reportError(error);
          },
        );
      },
    };
    return ctx;
  };

  const applyNow = (event: FlowEvent) => {
    const next = flow.reduce(state, event);
    if (next === state) return;
    state = next;
    onChange(next);
    runner.enterScreen();
  };

  // What arrives before the reducers that load lazily (a submit right after the first paint, an
  // on-enter hook's answer) waits for them, in order. Should they not load, it goes on with those
  // there are: the effects' own load then says the server could not be reached.
  let held: (() => void)[] | null = null;
  const whenReducible = (step: () => void) => {
    if (held) {
      held.push(step);
      return;
    }
    const loading = flow.reducersLoaded();
    if (!loading) {
      step();
      return;
    }
    held = [step];
    const release = () => {
      const steps = held ?? [];
      held = null;
      for (const next of steps) next();
    };
    loading.then(release, release);
  };
  const apply = (event: FlowEvent) => whenReducible(() => applyNow(event));

  const runner: FlowRunner = {
    getState: () => state,
    send(event) {
      // The effects belong to the screen the event was sent from, whatever the event changes.
      if (!scope) runner.enterScreen();
      const signal = scope!.controller.signal;
      whenReducible(() => {
        const ctx = context(signal, event);
        applyNow(event);
        flow.runEffects(event, ctx);
      });
    },
    enterScreen() {
      const screen = flow.getScreen(state);
      if (scope && scope.screen === screen && !scope.controller.signal.aborted) return;
      scope?.controller.abort();
      scope = { screen, controller: new AbortController() };
      flow.enter(screen, context(scope.controller.signal));
    },
    leave() {
      scope?.controller.abort();
    },
  };
  return runner;
}
