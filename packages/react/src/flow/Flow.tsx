import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { LazyBanner as Banner } from '../parts/LazyBanner';
import { createToastStore } from '../parts/toast/store';
import { Toaster } from '../parts/toast/Toaster';
import { useWidget } from '../widget/context';
import type { FlowEngine } from './engine';
import type { ScreenMap } from './feature';
import { FlowContext, type FlowContextValue } from './FlowContext';
import { createFlowRunner } from './runner';
import type { FlowState } from './types';
import { afterPaint } from '../later/afterPaint';

/**
 * Runs a flow in React: holds the state, derives the screen with the engine's getScreen, hands
 * screens a `send` (the runner updates the state, runs the features' effects and the on-enter
 * hooks, and aborts a screen's signal when it is left), shows the top banner and the toasts, and
 * moves focus to the new screen's heading when the screen changes.
 *
 * `screens` replaces some of the engine's screen components (tests render screens directly, not lazily).
 */
export function Flow({ flow, initial, screens }: { flow: FlowEngine; initial?: () => FlowState; screens?: ScreenMap }) {
  const widget = useWidget();
  const widgetRef = useRef(widget);
  useEffect(() => {
    widgetRef.current = widget;
  });
  const [toasts] = useState(createToastStore);
  const [state, setState] = useState<FlowState>(initial ?? (() => flow.initial()));
  const [runner] = useState(() => createFlowRunner({ flow, initial: state, widget: () => widgetRef.current, toasts, onChange: setState }));

  // The first screen is entered once (React strict mode runs this twice; the runner knows it is
  // done). When the widget goes away the screen is left; a strict-mode remount comes in time to
  // cancel that.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    runner.enterScreen();
    // What the first screen's events will need, fetched once it has painted.
    const cancelPreload = afterPaint(() => flow.preload());
    return () => {
      cancelPreload();
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) runner.leave();
      }, 0);
    };
  }, [runner, flow]);
  useEffect(() => () => toasts.clear(), [toasts]);

  const screen = flow.getScreen(state);
  const containerRef = useRef<HTMLDivElement>(null);
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return undefined;
    shownScreen.current = screen;
    const container = containerRef.current;
    if (!container) return undefined;
    // A screen may name the control to start on (the passcode entry); otherwise its heading.
    const focusStart = () => {
      const start = container.querySelector<HTMLElement>('[data-vst-autofocus]') ?? container.querySelector<HTMLElement>('[data-vst-heading]');
      start?.focus();
      return Boolean(start);
    };
    if (focusStart()) return undefined;
    // A lazy screen is not in the page yet: focus its start once it arrives, unless the user moved on.
    const observer = new MutationObserver(() => {
      if (focusStart()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [screen]);

  const value = useMemo<FlowContextValue>(() => ({ state, send: runner.send, features: flow.features }), [state, runner, flow]);
  const Current = screens?.[screen] ?? flow.screens[screen];
  const bannerError = state.errorDescriptor?.placement === 'banner' ? state.errorDescriptor : null;
  const dismiss = () => runner.send({ type: 'DISMISS_BANNER' });

  return (
    <FlowContext.Provider value={value}>
      <div className="vst-screen" ref={containerRef} data-screen={screen}>
        <Suspense fallback={null}>
          {bannerError ? <Banner variant="error" message={bannerError.message} onDismiss={dismiss} /> : null}
          {!bannerError && state.banner ? <Banner {...state.banner} onDismiss={dismiss} /> : null}
        </Suspense>
        {Current ? <Current /> : null}
        <Toaster store={toasts} />
      </div>
    </FlowContext.Provider>
  );
}
