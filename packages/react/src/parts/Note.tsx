import type { ReactNode } from 'react';

/** A plain sentence for something configured but not available in this release. */
export function Note({ children }: { children: ReactNode }) {
  return <p className="vst-note">{children}</p>;
}
