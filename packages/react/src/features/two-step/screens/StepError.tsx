import { useEffect, useRef } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import type { FlowState } from '../../../flow/types';
import { useWidget } from '../../../widget/context';
import { texts } from '../texts';

/**
 * The last refusal, shown under the field; `expired`: the sign-in itself is gone (older than 10
 * minutes, or finished in another tab), so no code can help and starting again is the way on.
 */
export function stepError(state: FlowState): { message: string | null; expired: boolean } {
  const error = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor : null;
  return { message: error?.message ?? null, expired: error?.error.error_type === 'intermediate_session_not_found' };
}

/** 'Start again' once the sign-in is gone: the one thing left to do, so it takes the focus. */
export function StartAgain() {
  const { free } = useWidget();
  const { send } = useFlow();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <button ref={ref} type="button" className="vst-button vst-button--primary" onClick={() => send({ type: 'START_AGAIN' })}>
      {free(texts.startAgain)}
    </button>
  );
}

/**
 * Under the entry: the other way to finish the step (a recovery code instead of the app's code,
 * or back), or 'Start again' once the sign-in is gone and no code can help.
 */
export function OtherWay({ text, recovery, expired }: { text: string; recovery: boolean; expired: boolean }) {
  const { free } = useWidget();
  const { state, send } = useFlow();
  if (expired) return <StartAgain />;
  return (
    <p className="vst-text">
      <button type="button" className="vst-link-button" disabled={state.pending} onClick={() => send({ type: 'TWO_STEP_CHANGED', change: { recovery } })}>
        {free(text)}
      </button>
    </p>
  );
}
