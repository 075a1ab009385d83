/**
 * 'Previous' and 'Next' for a list read a page at a time. A button that cannot go further says so
 * (aria-disabled) but keeps its place in the tab order, so focus stays on it after the last page.
 */
export function Pager({ label, page, onPrevious, onNext }: { label: string; page: number; onPrevious: (() => void) | null; onNext: (() => void) | null }) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button secondary" aria-disabled={!onPrevious} onClick={() => onPrevious?.()}>
        Previous
      </button>
      <span>Page {page}</span>
      <button type="button" className="button secondary" aria-disabled={!onNext} onClick={() => onNext?.()}>
        Next
      </button>
    </nav>
  );
}
