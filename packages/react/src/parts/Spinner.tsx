/** A small CSS spinner; decorative (the surrounding control carries the state). */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'vst-spinner vst-spinner--large' : 'vst-spinner'} aria-hidden="true" />;
}
