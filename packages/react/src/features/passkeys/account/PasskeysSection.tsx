import { useState } from 'react';
import { ActionStatus } from '../../../account/ActionStatus';
import { useAccount, useSection } from '../../../account/context';
import { useAction } from '../../../account/useAction';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { registrationErrorKey } from '../registration-errors';
import { PasskeyList, type PasskeyEditing } from '../screens/PasskeyList';
import { passkeyChanges } from './changes';
import { texts } from './texts';

/**
 * 'Passkeys': the registration mount's list (rename and delete, one at a time), here each change
 * sent through the section's runner (a deletion may need a recent sign-in), and 'Add a passkey'.
 */
export default function PasskeysSection() {
  const { t, free, config } = useWidget();
  const { user } = useAccount();
  const { headingId, focusHeading } = useSection();
  const action = useAction();
  const [editing, setEditing] = useState<PasskeyEditing | null>(null);
  const passkeys = user.webauthn_registrations;
  // A passkey not created says so as the registration mount does (a duplicate, or try again).
  const changes = passkeyChanges(free, config, (err) => t(registrationErrorKey(err)));

  return (
    <>
      {passkeys.length ? (
        <PasskeyList
          passkeys={passkeys}
          titleId={headingId}
          editing={editing}
          onEditing={setEditing}
          busy={action.pending}
          onRename={(id, name) => action.run(changes.rename(id, name))}
          onDelete={(id) => {
            const passkey = passkeys.find((p) => p.webauthn_registration_id === id);
            // The focus goes to the heading now (the row is gone), and again once it is deleted (a confirm step may have had it).
            if (passkey) action.run({ ...changes.remove(passkey), done: focusHeading });
          }}
          afterDelete={focusHeading}
        />
      ) : (
        <p className="vst-note">{t('noPasskeys')}</p>
      )}
      {editing?.mode === 'delete' ? null : (
        <div className="vst-account-actions">
          <Button variant="secondary" loading={action.pending} disabled={editing !== null && editing.mode !== 'view'} onClick={() => action.run(changes.add())}>
            {free(texts.addPasskey)}
          </Button>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
