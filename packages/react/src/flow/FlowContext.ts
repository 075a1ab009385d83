import { createContext, useContext } from 'react';
import type { UserEvent } from './events';
import type { FlowState } from './state';

export interface FlowContextValue {
  state: FlowState;
  send(event: UserEvent): void;
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('Vestibule: a screen was rendered outside its flow.');
  return value;
}
