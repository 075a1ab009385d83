import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../parts/Button';
import type { Action } from './useAction';

/**
 * A step of a section (adding an address, entering its code, a new password), set apart from the
 * list under a title of its own. The step's first control takes the focus (autoFocus), so the
 * person lands in it; or, with `focusTitle`, its title, for a step that opens with something to
 * read before its first control (a QR code and its key, codes to save, a consequence to weigh).
 */
export function Step({ title, focusTitle = false, children }: { title: string; focusTitle?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <div className="vst-account-step">
      <h3 className="vst-account-step-title" ref={heading} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </h3>
      {children}
    </div>
  );
}

/**
 * The button that opens a section's step: what the section said last (a success, a refusal) goes
 * as the step opens; while a change is under way it waits.
 */
export function StepButton({ action, onOpen, children }: { action: Action; onOpen(): void; children: ReactNode }) {
  return (
    <Button
      variant="secondary"
      disabled={action.pending}
      onClick={() => {
        action.cancel();
        onOpen();
      }}
    >
      {children}
    </Button>
  );
}
