import type { ReactNode } from 'react';

/**
 * A step of a section (adding an address, entering its code, a new password), set apart from the
 * list under a title of its own. The step's first control takes the focus (autoFocus), so the
 * person lands in it.
 */
export function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="vst-account-step">
      <h3 className="vst-account-step-title">{title}</h3>
      {children}
    </div>
  );
}
