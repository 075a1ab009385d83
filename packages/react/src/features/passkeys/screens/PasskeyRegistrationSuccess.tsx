import { useId, useRef, useState } from 'react';
import { useFlow } from '../../../flow/FlowContext';
import { Button } from '../../../parts/Button';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';
import { PasskeyList, type PasskeyEditing } from './PasskeyList';

/**
 * After 'Create a Passkey' succeeded: 'Passkey successfully created!'. After Skip nothing was
 * created, so the title says only 'Your Passkeys'. Then 'Existing Passkeys', each with rename and
 * delete (applied at once), and 'Set up another Passkey' and 'Done', both
 * disabled while a passkey is renamed and hidden while one is being deleted.
 */
export default function PasskeyRegistrationSuccess() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const [editing, setEditing] = useState<PasskeyEditing | null>(null);
  const listId = useId();
  // A deleted passkey's row goes away with the focus in it: the list's title takes it instead.
  const listTitle = useRef<HTMLHeadingElement>(null);
  const passkeys = state.passkeyUser?.webauthn_registrations ?? [];
  const open = editing && editing.mode !== 'view' ? editing : null;

  return (
    <>
      <Heading>{t(state.passkeyOutcome === 'created' ? 'passkeyCreated' : 'yourPasskeys')}</Heading>
      <h2 className="vst-passkeys-title" id={listId} ref={listTitle} tabIndex={-1}>
        {t('existingPasskeys')}
      </h2>
      {passkeys.length ? (
        <PasskeyList
          passkeys={passkeys}
          titleId={listId}
          editing={editing}
          onEditing={setEditing}
          onRename={(id, name) => send({ type: 'RENAME_PASSKEY', id, name })}
          onDelete={(id) => send({ type: 'DELETE_PASSKEY', id })}
          afterDelete={() => listTitle.current?.focus()}
        />
      ) : (
        <p className="vst-note">{t('noPasskeys')}</p>
      )}
      {open?.mode === 'delete' ? null : (
        <div className="vst-passkey-actions">
          <Button variant="secondary" disabled={open !== null} onClick={() => send({ type: 'SET_UP_ANOTHER_PASSKEY' })}>
            {t('setUpAnotherPasskey')}
          </Button>
          <Button disabled={open !== null} onClick={() => send({ type: 'PASSKEYS_DONE' })}>
            {t('passkeysDone')}
          </Button>
        </div>
      )}
    </>
  );
}
