import { type ReactNode, useEffect, useRef } from 'react';

/**
 * What a change did, said where it happened. Focus moves to it when it appears: the button that
 * made the change is often gone with what it changed (a deleted user, a revoked device), and
 * focus must not fall back to the start of the page.
 */
export function Notice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} role="status" className="notice">
      {children}
    </p>
  );
}
