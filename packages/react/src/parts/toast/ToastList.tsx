import { useWidget } from '../../widget/context';
import type { Toast, ToastStore } from './store';

/** The toasts showing: each can be dismissed; errors carry an icon and the error colour. */
export default function ToastList({ store, toasts }: { store: ToastStore; toasts: readonly Toast[] }) {
  const { t } = useWidget();
  return toasts.map((toast) => (
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
  ));
}
