import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Banner } from '../parts/Banner';
import { createToastStore } from '../parts/toast/store';
import { Toaster } from '../parts/toast/Toaster';
import { useWidget, type WidgetContextValue } from '../widget/context';
import type { FlowEngine } from './engine';
import { messageForError, toErrorInfo } from './errors';
import type { EffectContext, ScreenMap } from './feature';
import { FlowContext, type FlowContextValue } from './FlowContext';
import type { FlowEvent, FlowState, Screen, UserEvent } from './types';

/** The screen showing and the controller whose signal is aborted when it is left. */
interface ScreenScope {
  screen: Screen;
  controller: AbortController;
}

/**
 * Runs a flow: holds the state, derives the screen with the engine's getScreen, hands screens a
 * `send` that updates the state and runs the features' effects, runs a screen's on-enter hooks
 * when it shows and aborts its signal when it is left, shows the top banner and the toasts, and
 * moves focus to the new screen's heading when the screen changes.
 *
 * `screens` replaces some of the engine's screen components (tests render screens directly, not lazily).
 */
export function Flow({ flow, initial, screens }: { flow: FlowEngine; initial?: () => FlowState; screens?: ScreenMap }) {
  const widget = useWidget();
  const [state, setState] = useState<FlowState>(initial ?? (() => flow.initial()));
  const [toasts] = useState(createToastStore);
  const stateRef = useRef(state);
  const widgetRef = useRef<WidgetContextValue>(widget);
  const scopeRef = useRef<ScreenScope | null>(null);
  useEffect(() => {
    widgetRef.current = widget;
  });

  // Everything below goes through refs so that `send` stays one stable function.
  const apply = useRef<(event: FlowEvent) => void>(() => undefined);
  const context = useRef<(signal: AbortSignal) => EffectContext>(null!);
  const enterIfChanged = useRef<() => void>(() => undefined);

  context.current = (signal) => {
    const w = widgetRef.current;
    const live = <A extends unknown[]>(fn: (...args: A) => void) => (...args: A) => {
      if (!signal.aborted) fn(...args);
    };
    const ctx: EffectContext = {
      client: w.client,
      config: w.config,
      callbacks: w.callbacks,
      t: w.t,
      free: w.free,
      stateBefore: stateRef.current,
      signal,
      dispatch: live((event) => apply.current(event)),
      send: live((event) => sendRef.current(event)),
      toasts: { show: live((type, message) => void toasts.show(type, message)) },
      emit: w.emit,
      reportError: w.reportError,
      fail(err, placement) {
        const error = toErrorInfo(err);
        ctx.dispatch({ type: 'FAILED', error, message: messageForError(err, w.free), placement });
        w.reportError(error);
      },
    };
    return ctx;
  };

  enterIfChanged.current = () => {
    const screen = flow.getScreen(stateRef.current);
    const scope = scopeRef.current;
    if (scope && scope.screen === screen && !scope.controller.signal.aborted) return;
    scope?.controller.abort();
    const next = { screen, controller: new AbortController() };
    scopeRef.current = next;
    flow.enter(screen, context.current(next.controller.signal));
  };

  apply.current = (event) => {
    const before = stateRef.current;
    const after = flow.reduce(before, event);
    if (after === before) return;
    stateRef.current = after;
    setState(after);
    enterIfChanged.current();
  };

  const sendRef = useRef<(event: UserEvent) => void>(() => undefined);
  sendRef.current = (event) => {
    // The effects belong to the screen the event was sent from, whatever the event changes.
    const signal = scopeRef.current?.controller.signal ?? new AbortController().signal;
    const ctx = context.current(signal);
    apply.current(event);
    flow.runEffects(event, ctx);
  };
  const send = useCallback((event: UserEvent) => sendRef.current(event), []);

  // The first screen is entered once (React strict mode runs this twice; the scope says it is done).
  // When the widget goes away the screen is left; a strict-mode remount cancels that in time.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (!scopeRef.current) enterIfChanged.current();
    return () => {
      mounted.current = false;
      const scope = scopeRef.current;
      setTimeout(() => {
        if (!mounted.current) scope?.controller.abort();
      }, 0);
    };
  }, []);
  useEffect(() => () => toasts.clear(), [toasts]);

  const screen = flow.getScreen(state);
  const containerRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    // A screen may name the control to start on (the passcode entry); otherwise its heading.
    const container = containerRef.current;
    (container?.querySelector<HTMLElement>('[data-vst-autofocus]') ?? container?.querySelector<HTMLElement>('[data-vst-heading]'))?.focus();
  }, [screen]);

  const value = useMemo<FlowContextValue>(() => ({ state, send, mainSlots: flow.mainSlots }), [state, send, flow]);
  const Current = screens?.[screen] ?? flow.screens[screen];
  const bannerError = state.errorDescriptor?.placement === 'banner' ? state.errorDescriptor : null;
  const dismiss = () => send({ type: 'DISMISS_BANNER' });

  return (
    <FlowContext.Provider value={value}>
      <div className="vst-screen" ref={containerRef} data-screen={screen}>
        {bannerError ? <Banner variant="error" message={bannerError.message} onDismiss={dismiss} /> : null}
        {!bannerError && state.banner ? <Banner {...state.banner} onDismiss={dismiss} /> : null}
        {Current ? <Current /> : null}
        <Toaster store={toasts} />
      </div>
    </FlowContext.Provider>
  );
}
