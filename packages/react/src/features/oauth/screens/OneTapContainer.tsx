import { useEffect, useId, useRef, useState } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { useWidget } from '../../../widget/context';
import type { OAuthProviderEntry } from '../../../types';
import type { OneTapSetupError } from '../state';
import { ONE_TAP_DEFAULT_HEIGHT, ONE_TAP_RESIZE_DEBOUNCE_MS } from './OneTapRoom';

const SETUP_MESSAGES = {
  originNotAllowed: 'oneTapOriginNotAllowed',
  invalidClient: 'oneTapInvalidClient',
  noOAuthConfig: 'oneTapNoOAuthConfig',
  noLoginRedirectUrls: 'oneTapNoLoginRedirectUrls',
  noSignupRedirectUrls: 'oneTapNoSignupRedirectUrls',
  defaultProviderNotAllowed: 'oneTapDefaultProviderNotAllowed',
} as const satisfies Record<OneTapSetupError, string>;

/**
 * The element Google's one-tap prompt is drawn into (prompt_parent_id): 47 px high until the
 * prompt inside it has a size, then the prompt's height, followed through resizes (of the prompt or
 * the window) debounced by 100 ms. 'floating' pins it to the corner of the window, 'embedded' (the
 * default) keeps it above the buttons. Cancelled, it takes no room; a setup error is said there,
 * to developers only (the effect keeps one only for a test-style public token). In a shadow tree
 * Google cannot reach it, draws its prompt in its own place, and the container takes no room.
 */
export default function OneTapContainer({ entry }: { entry: OAuthProviderEntry }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const id = `vst-onetap-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(ONE_TAP_DEFAULT_HEIGHT);
  const [outOfReach, setOutOfReach] = useState(false);

  // Once per mount: neither useId's id nor the flow's send changes while the container is shown.
  useEffect(() => {
    setOutOfReach(ref.current?.getRootNode() !== ref.current?.ownerDocument);
    send({ type: 'START_ONE_TAP', parentId: id });
  }, [id, send]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const content = element.firstElementChild as HTMLElement | null;
      const measured = content ? Math.max(content.offsetHeight, content.getBoundingClientRect().height) : 0;
      setHeight(measured > 0 ? Math.ceil(measured) : ONE_TAP_DEFAULT_HEIGHT);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, ONE_TAP_RESIZE_DEBOUNCE_MS);
    };
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    const watchContent = () => {
      observer?.disconnect();
      observer?.observe(element);
      if (element.firstElementChild) observer?.observe(element.firstElementChild);
      schedule();
    };
    // Google adds and replaces its iframe: follow whatever is inside.
    const children = typeof MutationObserver === 'undefined' ? null : new MutationObserver(watchContent);
    children?.observe(element, { childList: true });
    window.addEventListener('resize', schedule);
    watchContent();
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
      children?.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);

  const oneTap = state.oneTap ?? 'pending';
  const setupError = state.oneTapSetupError;
  return (
    <>
      <div
        id={id}
        ref={ref}
        className={`vst-onetap vst-onetap-${entry.position === 'floating' ? 'floating' : 'embedded'}`}
        data-state={oneTap}
        hidden={oneTap === 'cancelled' || outOfReach}
        style={{ height: `${height}px` }}
      />
      {setupError ? (
        <p className="vst-onetap-setup-error" role="note">
          {t(SETUP_MESSAGES[setupError])}
        </p>
      ) : null}
    </>
  );
}
