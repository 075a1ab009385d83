/**
 * Room for one button not known yet (a block whose code or answer is on its way): as tall as a
 * button, so the block's arrival does not move what is below it.
 */
export function ButtonRoom() {
  return <div className="vst-button-room" aria-hidden="true" />;
}
