import { useState } from 'react';
import { useFlow } from './FlowContext';
import type { UserEvent } from './types';

/**
 * The event that sends again a message the last call could not send (FAILED's `retry`), or null.
 * Kept while the new try is under way (the request clears the error): the screen's NotSent stays,
 * its 'Try again' spinning and focused, until the answer.
 */
export function useNotSent(): UserEvent | null {
  const { state } = useFlow();
  const retry = state.errorDescriptor?.retry ?? null;
  const [kept, setKept] = useState<UserEvent | null>(null);
  // Derived state, set while rendering (React's pattern for a value remembered from earlier renders).
  if (retry && kept !== retry) setKept(retry);
  if (!retry && !state.pending && kept) setKept(null);
  return retry ?? (state.pending ? kept : null);
}
