/**
 * A small toast store: success shows 2 s, blank and error 4 s, loading
 * until dismissed or replaced; at most 20 at once (the oldest goes first). No React and no CSS-in-JS
 * here: the Toaster renders the list with the static stylesheet's classes.
 */
export type ToastType = 'success' | 'error' | 'blank' | 'loading';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

/** How long each type shows, in ms (Infinity: no expiry). */
export const TOAST_DURATIONS: Record<ToastType, number> = {
  success: 2000,
  error: 4000,
  blank: 4000,
  loading: Infinity,
};
export const TOAST_LIMIT = 20;

export interface ToastStore {
  /** The toasts showing, oldest first (a new array after every change). */
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  /** Shows a toast; `duration` (ms) overrides the type's default. Returns its id. */
  show(type: ToastType, message: string, options?: { duration?: number }): number;
  dismiss(id: number): void;
  /** Removes every toast and stops every timer. */
  clear(): void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const set = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of [...listeners]) listener();
  };
  const stopTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };
  const dismiss = (id: number) => {
    stopTimer(id);
    if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
  };

  return {
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(type, message, options = {}) {
      const id = nextId++;
      const duration = options.duration ?? TOAST_DURATIONS[type];
      let next = [...toasts, { id, type, message }];
      while (next.length > TOAST_LIMIT) {
        const oldest = next[0]!;
        stopTimer(oldest.id);
        next = next.slice(1);
      }
      if (Number.isFinite(duration))
        timers.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
      set(next);
      return id;
    },
    dismiss,
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id);
      set([]);
    },
  };
}
