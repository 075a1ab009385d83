import { useEffect, useRef, useState } from 'react';
import { useWidget } from '../widget/context';
import { createActionRunner, type ActionRunner, type ActionState } from './action';
import { useAccount } from './context';

export interface Action extends ActionRunner {
  state: ActionState;
  /** A change is under way: its controls are disabled and show a spinner. */
  pending: boolean;
  /** The last failure's message when the section ties it to a field, for that field (not a message that could not be sent). */
  fieldError: string | null;
  /** The last change's message could not be sent (delivery_failed): its words, for NotSent in place of the send button. */
  notSent: string | null;
}

/** A section's action runner (action.ts) in React: its state, and a change under way given up when the section goes. */
export function useAction(): Action {
  const widget = useWidget();
  const account = useAccount();
  const latest = useRef({ widget, account });
  useEffect(() => {
    latest.current = { widget, account };
  });
  const [state, setState] = useState<ActionState>({ kind: 'idle' });
  const [runner] = useState(() =>
    createActionRunner({
      tools: () => latest.current.widget,
      userId: () => latest.current.account.user.user_id,
      onState: setState,
    }),
  );
  // The section went: what is under way is given up. React's strict mode unmounts and mounts again
  // at once, which must not give up a change it started (the remount comes in time to keep it).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) runner.cancel();
      }, 0);
    };
  }, [runner]);
  const notSent = state.kind === 'failed' && state.error.error_type === 'delivery_failed' ? state.message : null;
  return {
    ...runner,
    state,
    pending: state.kind === 'pending',
    fieldError: state.kind === 'failed' && state.field && !notSent ? state.message : null,
    notSent,
  };
}
