import { useEffect, useRef, type ReactNode } from 'react';
import { useWidget } from '../widget/context';

/**
 * The screen title: the element focus moves to when the screen changes, so screen readers follow.
 * `focusOnMount` does the same when a screen swaps its content without changing screen (a reset
 * link found dead, a new link sent). With styles.hideHeaderText it is hidden visually but kept for
 * assistive technology.
 */
export function Heading({ children, focusOnMount = false }: { children: ReactNode; focusOnMount?: boolean }) {
  const { styles } = useWidget();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 ref={ref} className={styles.hideHeaderText ? 'vst-title vst-visually-hidden' : 'vst-title'} tabIndex={-1} data-vst-heading="">
      {children}
    </h1>
  );
}
