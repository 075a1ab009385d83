import { useState } from 'react';
import { Dialog } from './Dialog';

/**
 * A secret the server answers once (a management key, a webhook's signing secret, a client's
 * secret): shown in a dialog with a way to copy it, and gone when the dialog closes.
 */
export function SecretOnce({ title, label, secret, onClose }: { title: string; label: string; secret: string; onClose(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <Dialog title={title} onClose={onClose}>
      <p>Copy it now: it is shown only this once, and the server keeps only a hash of it.</p>
      <label className="field">
        <span>{label}</span>
        <input className="secret" readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <p className="status" role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'This browser did not allow copying: select the text and copy it yourself.' : ''}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
