import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog (the browser's own <dialog>, opened with showModal): the page behind it is inert,
 * Escape closes it, and focus goes back to where it was when it closes (unless that is gone).
 * Mounted to open, unmounted to close.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner unmounts the dialog, which closes it.
        event.preventDefault();
        closeRef.current();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button quiet" onClick={() => closeRef.current()}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
