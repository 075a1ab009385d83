import type { VestibuleErrorInfo } from '@vestibule/client';
import type { Callbacks, WidgetEventType } from '../types';

/** Calls a host callback without letting a throwing host break the widget. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch (err) {
    console.error('Vestibule: a host callback threw', err);
  }
}

export function emit(callbacks: Callbacks | undefined, type: WidgetEventType, data: unknown): void {
  safely(() => callbacks?.onEvent?.({ type, data }));
}

export function reportError(callbacks: Callbacks | undefined, error: VestibuleErrorInfo): void {
  safely(() => callbacks?.onError?.(error));
}
