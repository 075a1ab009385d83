/** The back arrow at the start of a screen's header row. */
export function BackArrow({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button type="button" className="vst-back" aria-label={label} onClick={onClick}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M12.5 4L6.5 10l6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
