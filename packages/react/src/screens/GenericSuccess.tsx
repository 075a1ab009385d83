import { useEffect, useRef } from 'react';
import type { LoggedEventName } from '@vestibule/contract';
import { Heading } from '../components/Heading';
import { useWidget } from '../mounts/context';
import type { WidgetEventType } from '../types';

export interface GenericSuccessProps {
  /** Whether a sign-in just happened (fires the authenticate-flow-complete event too). */
  authenticated?: boolean;
}

/**
 * Header 'Success!', body 'You have successfully logged in.' On first show it logs and reports the
 * flow-complete events exactly once (the ref survives React strict mode's double effect run).
 */
export function GenericSuccess({ authenticated = true }: GenericSuccessProps) {
  const { t, client, emit } = useWidget();
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    const events: [LoggedEventName, WidgetEventType][] = [];
    if (authenticated) events.push(['authenticate_flow_complete', 'AUTHENTICATE_FLOW_COMPLETE']);
    events.push(['flow_complete', 'FLOW_COMPLETE']);
    for (const [logged, widgetEvent] of events) {
      client.events.log(logged, {});
      emit(widgetEvent, null);
    }
  }, [authenticated, client, emit]);
  return (
    <>
      <div className="vst-success-icon" aria-hidden="true">
        <svg width="48" height="48" viewBox="0 0 48 48" focusable="false">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <Heading>{t('success')}</Heading>
      <p className="vst-text">{t('successfullyLoggedIn')}</p>
    </>
  );
}
