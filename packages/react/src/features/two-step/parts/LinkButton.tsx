/**
 * A small action beside what it acts on ('Copy', 'Download'), styled as a link; for screen readers
 * it names its subject ('Copy the key'), since more than one may read 'Copy'.
 */
export function LinkButton({ label, subject, onClick }: { label: string; subject: string; onClick(): void }) {
  return (
    <button type="button" className="vst-link-button" onClick={onClick}>
      {label}
      <span className="vst-visually-hidden"> {subject}</span>
    </button>
  );
}
