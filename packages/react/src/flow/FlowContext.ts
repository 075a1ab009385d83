import { createContext, useContext } from 'react';
import type { Feature } from './feature';
import type { FlowState, UserEvent } from './types';

export interface FlowContextValue {
  state: FlowState;
  send(event: UserEvent): void;
  /** The mount's features: Main asks them what to draw. */
  features: readonly Feature[];
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('Vestibule: a screen was rendered outside its flow.');
  return value;
}
