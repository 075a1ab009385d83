import type { ReactNode } from 'react';

/** The one line on each page that tells a visitor what to try next, in plain words. */
export function NextStep({ children }: { children: ReactNode }) {
  return (
    <p className="next-step" data-testid="next-step">
      {children}
    </p>
  );
}
