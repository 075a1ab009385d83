import { createContext, useContext, type ComponentType } from 'react';
import type { FlowState, UserEvent } from './types';

export interface FlowContextValue {
  state: FlowState;
  send(event: UserEvent): void;
  /** Main's blocks the mount's features offer, by slot name. */
  mainSlots: Record<string, ComponentType>;
}

export const FlowContext = createContext<FlowContextValue | null>(null);

export function useFlow(): FlowContextValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('Vestibule: a screen was rendered outside its flow.');
  return value;
}
