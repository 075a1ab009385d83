import { useId, useState, type FormEvent } from 'react';
import type { User } from '@vestibule/contract';
import { Button } from '../../../parts/Button';
import { TextInput } from '../../../parts/TextInput';
import { useWidget } from '../../../widget/context';

export type PasskeyRegistration = User['webauthn_registrations'][number];

export type PasskeyItemMode = 'view' | 'rename' | 'delete';

export interface PasskeyItemProps {
  passkey: PasskeyRegistration;
  mode: PasskeyItemMode;
  /** Another passkey is being renamed or deleted: this one's controls wait. */
  busy: boolean;
  /** This passkey's rename or delete was just closed: focus returns to its Rename button. */
  refocus: boolean;
  onMode(mode: PasskeyItemMode): void;
  onRename(name: string): void;
  onDelete(): void;
}

/**
 * One passkey of 'Existing Passkeys': its name with Rename and Delete; renaming edits the name in
 * place (Save, Cancel); deleting asks first, in place, with the warning. Focus goes to the field or
 * to Cancel when a mode opens, and back to Rename when it closes.
 */
export function PasskeyItem({ passkey, mode, busy, refocus, onMode, onRename, onDelete }: PasskeyItemProps) {
  const { t } = useWidget();
  const [draft, setDraft] = useState(passkey.name);
  const warningId = useId();
  const name = <span className="vst-visually-hidden"> {passkey.name}</span>;

  if (mode === 'rename') {
    const save = (e: FormEvent) => {
      e.preventDefault();
      const trimmed = draft.trim();
      if (trimmed && trimmed !== passkey.name) onRename(trimmed);
      onMode('view');
    };
    return (
      <li className="vst-passkey">
        <form className="vst-passkey-rename" onSubmit={save}>
          <TextInput label={t('passkeyName')} value={draft} required autoFocus onChange={(e) => setDraft(e.target.value)} />
          <div className="vst-passkey-row-actions">
            <Button type="submit" disabled={!draft.trim()}>
              {t('savePasskeyName')}
            </Button>
            <Button variant="secondary" onClick={() => onMode('view')}>
              {t('cancelPasskeyChange')}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  if (mode === 'delete') {
    return (
      <li className="vst-passkey">
        <span className="vst-passkey-name">{passkey.name}</span>
        <p className="vst-passkey-warning" id={warningId}>
          {t('deletePasskeyWarning')}
        </p>
        <div className="vst-passkey-row-actions">
          {/* The row names the passkey beside it, and only one row asks at a time: 'Delete' says enough. */}
          <Button aria-describedby={warningId} onClick={onDelete}>
            {t('deletePasskey')}
          </Button>
          <Button variant="secondary" aria-describedby={warningId} autoFocus onClick={() => onMode('view')}>
            {t('cancelPasskeyChange')}
          </Button>
        </div>
      </li>
    );
  }

  return (
    <li className="vst-passkey">
      <span className="vst-passkey-name">{passkey.name}</span>
      <div className="vst-passkey-row-actions">
        <Button
          variant="text"
          disabled={busy}
          autoFocus={refocus}
          onClick={() => {
            setDraft(passkey.name);
            onMode('rename');
          }}
        >
          {t('renamePasskey')}
          {name}
        </Button>
        <Button variant="text" disabled={busy} onClick={() => onMode('delete')}>
          {t('deletePasskey')}
          {name}
        </Button>
      </div>
    </li>
  );
}
