import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ComponentType } from 'react';
import { Banner } from '../components/Banner';
import { useWidget } from '../mounts/context';
import { createToastStore } from '../toast/store';
import { Toaster } from '../toast/Toaster';
import { runEffects } from './effects';
import type { UserEvent } from './events';
import { FlowContext, type FlowContextValue } from './FlowContext';
import { getScreen } from './getScreen';
import { reducer } from './reducer';
import type { FlowState, Screen } from './state';

export type ScreenMap = Partial<Record<Screen, ComponentType>>;

/**
 * Holds the flow state, derives the screen with getScreen, hands screens a `send` that updates the
 * state and runs the effects layer, shows the top banner, and moves focus to the new screen's
 * heading when the screen changes.
 */
export function Flow({ initial, screens }: { initial: () => FlowState; screens: ScreenMap }) {
  const widget = useWidget();
  const [state, dispatch] = useReducer(reducer, undefined, initial);
  const [toasts] = useState(createToastStore);
  useEffect(() => () => toasts.clear(), [toasts]);
  const stateRef = useRef(state);
  const widgetRef = useRef(widget);
  useEffect(() => {
    stateRef.current = state;
    widgetRef.current = widget;
  });

  const send = useCallback((event: UserEvent) => {
    const stateBefore = stateRef.current;
    dispatch(event);
    const w = widgetRef.current;
    runEffects(event, { client: w.client, config: w.config, callbacks: w.callbacks, t: w.t, free: w.free, dispatch, stateBefore, toasts });
  }, [toasts]);

  const screen = getScreen(state);
  const containerRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    // A screen may name the control to start on (the passcode entry); otherwise its heading.
    const container = containerRef.current;
    (container?.querySelector<HTMLElement>('[data-vst-autofocus]') ?? container?.querySelector<HTMLElement>('[data-vst-heading]'))?.focus();
  }, [screen]);

  const value = useMemo<FlowContextValue>(() => ({ state, send }), [state, send]);
  const Current = screens[screen];
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
