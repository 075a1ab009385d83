import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A page's heading: focus moves to it when the page opens, so that a keyboard or screen-reader user
 * starts reading the new page there; the tab's title names the page (a user's page once it knows
 * whose it is).
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  useEffect(() => {
    document.title = `${title} · Vestibule console`;
  }, [title]);
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children ?? title}
    </h1>
  );
}
