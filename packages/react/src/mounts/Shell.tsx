import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Bootstrap } from '@vestibule/contract';
import { DEFAULT_BOOTSTRAP } from '@vestibule/client';
import { Watermark } from '../parts/Watermark';
import { emit, reportError } from '../widget/report';
import { makeTranslate, makeTranslateRich, translateFree } from '../strings/translate';
import { themeOverrides } from '../theme/overrides';
import { useFirstDraw } from './useFirstDraw';
import { injectStyles } from '../theme/injectStyles';
import type { CommonMountOptions, LoginConfig, ServerState } from '../types';
import { WidgetContext, type WidgetContextValue } from '../widget/context';
import { useHydrating } from '../widget/hydration';

/** The stylesheet goes in before the first paint; a server runs no layout effect (and React 18 there warns of each). */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

export interface ShellProps extends CommonMountOptions {
  config: LoginConfig;
  /** What the host's server read (the mounts that take it): its bootstrap is drawn with while hydrating. */
  serverState?: ServerState;
  children: ReactNode;
  /**
   * Called once per mount with the bootstrap the widget renders with, once it is known: the fetched
   * copy, or the cached one (defaults on a first visit) if the fetch fails (render_login_screen /
   * render_idp_screen).
   */
  onFirstRender?: (bootstrap: Bootstrap) => void;
}

/**
 * What every mount shares: the client, config, theme, language and strings in context; the bootstrap (cached
 * copy at once, refreshed in the background); the stylesheet injected into the document head or a
 * shadow root; the root element with class `vestibule` carrying the CSS variables a host's styles change; the
 * watermark footer.
 */
export function WidgetShell({
  client,
  config,
  styles,
  callbacks,
  strings,
  locale: askedLocale,
  language: given,
  nonce,
  children,
  onFirstRender,
  serverState,
}: ShellProps) {
  // Drawn on a server, or hydrating what one drew: the first draw is the same on both sides, whatever
  // the browser holds (the bootstrap the server read, else its defaults; English unless given a
  // language; no wait).
  const [served] = useState(useHydrating());
  const scheme = styles?.colorScheme;
  const drawn = useFirstDraw(given ? 'en' : askedLocale, scheme, served);
  const language = drawn && (given ?? drawn);
  const locale = language?.locale ?? 'en';
  const translation = language?.translation ?? null;
  const [bootstrap, setBootstrap] = useState<Bootstrap>(() => (served ? (serverState?.bootstrap ?? { ...DEFAULT_BOOTSTRAP }) : client.bootstrap.getSync()));
  // Known at first paint (read by the server, cached, or fetched by another widget on the page), or
  // room is kept for what depends on it (the footer), so its arrival does not shift the host's page.
  const [bootstrapKnown] = useState(() => (served ? !!serverState?.bootstrap : client.bootstrap.isKnown()));
  // The mount's onFirstRender until it has been called: read, not reacted to (the mounts pass a new
  // function at each render, which must not fetch the bootstrap again).
  const firstRender = useRef(onFirstRender);

  // The bootstrap is fetched once per mount. The render event carries the copy the widget ends up
  // using: the fetched one (on a first visit the cached copy is only the empty defaults), or the
  // cached copy when the fetch fails. Emptying the ref keeps it to one event under strict mode's
  // double run.
  useEffect(() => {
    let live = true;
    const rendered = (used: Bootstrap) => {
      const report = firstRender.current;
      firstRender.current = undefined;
      report?.(used);
    };
    client.bootstrap.getAsync().then(
      (fresh) => {
        rendered(fresh);
        // Drawn with the copy the host's server read just now: kept (a new object would change the
        // context, and a part still hydrating would go back to loading).
        if (live && !(served && bootstrapKnown)) setBootstrap(fresh);
      },
      (err: unknown) => {
        rendered(client.bootstrap.getSync());
        console.warn('Vestibule: could not refresh the bootstrap; using the cached copy.', err);
      },
    );
    return () => {
      live = false;
    };
  }, [client, served, bootstrapKnown]);

  const value = useMemo<WidgetContextValue>(
    () => ({
      client,
      config,
      styles: styles ?? {},
      callbacks,
      bootstrap,
      locale,
      t: makeTranslate(strings, translation),
      tr: makeTranslateRich(strings, translation),
      free: (text) => translateFree(text, strings, translation),
      emit: (type, data) => emit(callbacks, type, data),
      reportError: (error) => reportError(callbacks, error),
    }),
    [client, config, styles, callbacks, bootstrap, locale, strings, translation],
  );
  const vars = useMemo(() => themeOverrides(styles) as CSSProperties, [styles]);

  const shadow = Boolean(config.enableShadowDOM);
  const hostRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);

  useBrowserLayoutEffect(() => {
    if (!shadow) return injectStyles(rootRef.current?.ownerDocument ?? document, nonce);
    const host = hostRef.current;
    if (!host) return undefined;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    setShadowRoot(root);
    return injectStyles(root, nonce);
  }, [shadow, nonce]);

  // Arabic is the one shipped language written right to left: the layout mirrors (logical CSS properties).
  const tree = (
    <WidgetContext.Provider value={value}>
      <div className="vestibule" style={vars} ref={rootRef} lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'} data-scheme={scheme}>
        {children}
        <Watermark reserved={!bootstrapKnown} />
      </div>
    </WidgetContext.Provider>
  );
  // A language other than English draws once its texts are in, a dark widget once its colours are
  // (a moment, the first time): never English or light first, then a jump.
  if (!shadow) return language ? tree : null;
  return (
    <div ref={hostRef} className="vestibule-host">
      {shadowRoot && language ? createPortal(tree, shadowRoot) : null}
    </div>
  );
}
