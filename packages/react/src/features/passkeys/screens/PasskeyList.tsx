import { PasskeyItem, type PasskeyItemMode, type PasskeyRegistration } from './PasskeyItem';

/** Which passkey is being renamed or deleted (at most one at a time), or the last one that was. */
export interface PasskeyEditing {
  id: string;
  mode: PasskeyItemMode;
}

export interface PasskeyListProps {
  passkeys: PasskeyRegistration[];
  /** The id of the list's title, which names it. */
  titleId: string;
  /** Held by the screen, whose own buttons wait while a passkey is renamed or deleted. */
  editing: PasskeyEditing | null;
  onEditing(editing: PasskeyEditing | null): void;
  onRename(id: string, name: string): void;
  onDelete(id: string): void;
  /** A deleted passkey's row goes away with the focus in it: the screen puts the focus back (its title). */
  afterDelete(): void;
  /** Every row waits (a change is under way). */
  busy?: boolean;
}

/**
 * The user's passkeys, each with rename and delete (PasskeyItem): one at a time, the others
 * waiting. The registration mount's list and the account page's.
 */
export function PasskeyList({ passkeys, titleId, editing, onEditing, onRename, onDelete, afterDelete, busy = false }: PasskeyListProps) {
  const open = editing && editing.mode !== 'view' ? editing : null;
  return (
    <ul className="vst-list" aria-labelledby={titleId}>
      {passkeys.map((passkey) => {
        const id = passkey.webauthn_registration_id;
        return (
          <PasskeyItem
            key={id}
            passkey={passkey}
            mode={open?.id === id ? open.mode : 'view'}
            busy={busy || open !== null}
            refocus={editing?.id === id && editing.mode === 'view'}
            onMode={(mode) => onEditing({ id, mode })}
            onRename={(name) => onRename(id, name)}
            onDelete={() => {
              onEditing(null);
              onDelete(id);
              afterDelete();
            }}
          />
        );
      })}
    </ul>
  );
}
