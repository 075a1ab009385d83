import type { ReactNode } from 'react';
import { useWidget } from '../widget/context';

/**
 * The screen title: the element focus moves to when the screen changes, so screen readers follow.
 * With styles.hideHeaderText it is hidden visually but kept for assistive technology.
 */
export function Heading({ children }: { children: ReactNode }) {
  const { styles } = useWidget();
  return (
    <h1 className={styles.hideHeaderText ? 'vst-title vst-visually-hidden' : 'vst-title'} tabIndex={-1} data-vst-heading="">
      {children}
    </h1>
  );
}
