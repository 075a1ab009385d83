import { useWidget } from '../mounts/context';

/** Where the 'Powered by' footer leads. */
export const PROJECT_URL = 'https://github.com/vestibule-auth/vestibule';

/** 'Powered by' footer, shown when the bootstrap says so; the wordmark is 150 px wide. */
export function Watermark() {
  const { bootstrap, t } = useWidget();
  if (!bootstrap.displayWatermark) return null;
  return (
    <footer className="vst-watermark">
      <a href={PROJECT_URL} target="_blank" rel="noopener noreferrer" className="vst-watermark-link">
        <span className="vst-watermark-text">{t('poweredBy')}</span>
        <svg className="vst-watermark-logo" width="150" height="24" viewBox="0 0 150 24" role="img" aria-label="Vestibule">
          <rect x="1" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M6 8l4 9 4-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          <text x="26" y="18" fontSize="16" fontWeight="700" fill="currentColor" fontFamily="inherit">
            Vestibule
          </text>
        </svg>
        <span className="vst-visually-hidden"> {t('opensInNewTab')}</span>
      </a>
    </footer>
  );
}
