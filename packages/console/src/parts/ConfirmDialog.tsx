import type { ReactNode } from 'react';
import type { Action } from '../session/confirm';
import { Dialog } from './Dialog';
import { ErrorNote } from './ErrorNote';

/**
 * 'Are you sure?' before a change that cannot be undone: says what will happen, and the change's
 * own button (which names it) beside 'Cancel'; the API's refusal shows here, beside the button.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  action,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  action: Action;
  onConfirm(): void;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <ErrorNote error={action.error} />
      <div className="actions">
        <button type="button" className="button danger" aria-disabled={action.pending} onClick={() => !action.pending && onConfirm()}>
          {action.pending ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
