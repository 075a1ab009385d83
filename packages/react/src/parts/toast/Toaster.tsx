import { useSyncExternalStore } from 'react';
import { useWidget } from '../../widget/context';
import type { ToastStore } from './store';

/**
 * The toasts of one widget, in a polite live region that is always in the DOM (so additions are
 * announced). Each toast can be dismissed; errors carry an icon and the error colour.
 */
export function Toaster({ store }: { store: ToastStore }) {
  const { t } = useWidget();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="vst-toaster" aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <div key={toast.id} className={`vst-toast vst-toast--${toast.type}`} data-toast-type={toast.type}>
          {toast.type === 'loading' ? <span className="vst-spinner" aria-hidden="true" /> : null}
          {toast.type === 'success' || toast.type === 'error' ? (
            <span className="vst-toast-icon" aria-hidden="true">
              {toast.type === 'success' ? '\u2713' : '!'}
            </span>
          ) : null}
          <span className="vst-toast-text">{toast.message}</span>
          <button type="button" className="vst-toast-close" aria-label={t('dismiss')} onClick={() => store.dismiss(toast.id)}>
            <svg width="10" height="10" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="M1 1l10 10M11 1L1 11" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
