/**
 * Room for a button not there yet (a block whose code or answer is on its way): a hidden copy of
 * the button most pages get, with its words, so it takes the same height at any width (two lines
 * where the words wrap) and the block's arrival does not move what is below it.
 */
export function ButtonRoom({ label }: { label: string }) {
  return (
    <div className="vst-button vst-button--secondary vst-button-room" aria-hidden="true">
      {label}
    </div>
  );
}
