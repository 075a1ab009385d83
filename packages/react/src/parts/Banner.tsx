import { useWidget } from '../widget/context';
import { linkify } from './linkify';

export type BannerVariant = 'error' | 'warning' | 'success';

export interface BannerProps {
  variant: BannerVariant;
  message: string;
  onDismiss?: () => void;
}

/** A notice at the top of the widget; errors are announced at once (role=alert). */
export function Banner({ variant, message, onDismiss }: BannerProps) {
  const { t } = useWidget();
  return (
    <div className={`vst-banner vst-banner--${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      <p className="vst-banner-text">{linkify(message, t('opensInNewTab'))}</p>
      {onDismiss ? (
        <button type="button" className="vst-banner-close" aria-label={t('dismiss')} onClick={onDismiss}>
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M1 1l10 10M11 1L1 11" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
