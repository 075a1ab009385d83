import { useEffect, useRef } from 'react';
import { Heading } from '../parts/Heading';
import type { StringKey } from '../strings/en';
import { useWidget } from '../widget/context';
import { useFlow } from './FlowContext';

export interface GenericSuccessProps {
  /** Whether a sign-in just happened (fires the authenticate-flow-complete event too). */
  authenticated?: boolean;
  /** Whether the flow-complete event fires too (default true). */
  flowComplete?: boolean;
  /** The body text (default 'You have successfully logged in.'). */
  body?: StringKey;
}

/**
 * Header 'Success!', body 'You have successfully logged in.' On first show it sends SUCCESS_SHOWN
 * exactly once (the ref survives React strict mode's double effect run); the effects layer logs
 * and reports the flow-complete events.
 */
export function GenericSuccess({ authenticated = true, flowComplete = true, body = 'successfullyLoggedIn' }: GenericSuccessProps) {
  const { t } = useWidget();
  const { send } = useFlow();
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    send({ type: 'SUCCESS_SHOWN', authenticated, flowComplete });
  }, [authenticated, flowComplete, send]);
  return (
    <>
      <div className="vst-success-icon" aria-hidden="true">
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology by the aria-hidden wrapper (the rule looks at the svg only) */}
        <svg width="48" height="48" viewBox="0 0 48 48" focusable="false">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <Heading>{t('success')}</Heading>
      <p className="vst-text">{t(body)}</p>
    </>
  );
}
