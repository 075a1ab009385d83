import { useWidget } from '../widget/context';

/**
 * 'Powered by' footer, shown when the bootstrap says so; the wordmark is 150 px wide. It is not a
 * link: a self-hosted product has no one address it should send users to.
 *
 * `reserved`: the widget's first paint came before any bootstrap was known (a first visit), so the
 * footer's room is held from that frame on, drawn invisible until the answer says to show it. The
 * answer then moves nothing on the host's page; if it says no footer, the room stays empty for
 * this mount only (the next visit knows from the cache).
 */
export function Watermark({ reserved }: { reserved: boolean }) {
  const { bootstrap, t } = useWidget();
  const hidden = !bootstrap.displayWatermark;
  if (hidden && !reserved) return null;
  return (
    <footer className={hidden ? 'vst-watermark vst-watermark--reserved' : 'vst-watermark'} aria-hidden={hidden || undefined}>
      <span className="vst-watermark-mark">
        <span className="vst-watermark-text">{t('poweredBy')}</span>
        <svg className="vst-watermark-logo" width="150" height="24" viewBox="0 0 150 24" role="img" aria-label="Vestibule">
          <rect x="1" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M6 8l4 9 4-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          {/* A logo: written left to right in a right-to-left widget too (else the word starts at x=26 and runs left). */}
          <text x="26" y="18" fontSize="16" fontWeight="700" fill="currentColor" fontFamily="inherit" direction="ltr">
            Vestibule
          </text>
        </svg>
      </span>
    </footer>
  );
}
