import { useState, type FormEvent } from 'react';
import { ActionStatus } from '../../account/ActionStatus';
import { useAccount } from '../../account/context';
import { primaryContact } from '../../account/primary';
import { Step, StepButton } from '../../account/Step';
import { texts as shared } from '../../account/texts';
import { useAction } from '../../account/useAction';
import { Button } from '../../parts/Button';
import { TextInput } from '../../parts/TextInput';
import { say } from '../../texts/say';
import { useWidget } from '../../widget/context';
import { deleteAccount } from './delete-change';
import { texts } from './texts';

/** What the person typed is the confirmation asked for: case and spaces around it do not matter, as for the server. */
const matches = (typed: string, expected: string) => typed.trim().toLowerCase() === expected.toLowerCase();

/**
 * 'Delete account': the button opens the step, which says what deleting does and asks for the
 * primary email (or phone number) typed out; 'Delete' waits until it matches. Then the page says
 * the account is deleted and the host hears ACCOUNT_DELETED.
 */
export default function DeleteSection() {
  const { free, emit } = useWidget();
  const { user, deleted } = useAccount();
  const action = useAction();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const contact = primaryContact(user);
  // Without an address or a number there is nothing to type: the server decides.
  const confirmed = contact === null || matches(typed, contact);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed || action.pending) return;
    action.run(
      deleteAccount(typed.trim(), () => {
        emit('ACCOUNT_DELETED', null);
        deleted();
      }),
    );
  };

  return (
    <>
      {open ? (
        <Step title={free(texts.deleteAccount)}>
          <p className="vst-text">{free(texts.deleteWarning)}</p>
          <form className="vst-form" onSubmit={submit} noValidate>
            {contact === null ? null : (
              <TextInput
                label={say(free, texts.deleteConfirmLabel, { contact })}
                name="confirmation"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                autoFocus
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                error={action.fieldError}
              />
            )}
            <Button type="submit" disabled={!confirmed} loading={action.pending}>
              {free(texts.deleteConfirmButton)}
            </Button>
            <Button
              variant="text"
              onClick={() => {
                action.cancel();
                setOpen(false);
                setTyped('');
              }}
            >
              {free(shared.cancel)}
            </Button>
          </form>
        </Step>
      ) : (
        <div className="vst-account-actions">
          <StepButton action={action} onOpen={() => setOpen(true)}>
            {free(texts.deleteAccount)}
          </StepButton>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
