import { Suspense, useSyncExternalStore } from 'react';
import { lazyWithLater } from '../../later/load';
import type { ToastStore } from './store';

/** The toasts themselves load with the first one (and the later rules that draw them). */
const ToastList = lazyWithLater(() => import('./ToastList'));

/**
 * The toasts of one widget, in a polite live region that is always in the DOM (so additions are
 * announced, the first one too).
 */
export function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="vst-toaster" aria-live="polite" aria-relevant="additions text">
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastList store={store} toasts={toasts} />
        </Suspense>
      ) : null}
    </div>
  );
}
