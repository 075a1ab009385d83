import { useEffect, useRef } from 'react';

/**
 * A screen whose whole content is one message ('Access to the application was denied.', 'No active
 * session detected…', 'You have not been logged out…'). It is a paragraph, not the title: a theme's
 * hideHeaderText hides titles, and these screens would then show nothing. It takes the focus a
 * title would (data-vst-heading: where the flow starts a new screen), so screen readers read it;
 * like a title, it is not a control and shows no focus ring.
 */
export function Message({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} className="vst-text" tabIndex={-1} data-vst-heading="" style={{ outline: 'none' }}>
      {text}
    </p>
  );
}
