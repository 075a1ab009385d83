import { useState, type FormEvent } from 'react';
import { isValidEmail } from '@vestibule/client';
import type { UserEmail } from '@vestibule/contract';
import { ActionStatus } from '../../account/ActionStatus';
import { useAccount } from '../../account/context';
import { Item, ItemAction } from '../../account/Item';
import { Step } from '../../account/Step';
import { useAction, type Action } from '../../account/useAction';
import { CodeStep } from '../../passcode/CodeStep';
import { Button } from '../../parts/Button';
import { Destination } from '../../parts/Destination';
import { TextInput } from '../../parts/TextInput';
import { useWidget } from '../../widget/context';
import { emailChanges } from './email-changes';
import { texts } from './texts';

/** Adding an address: typing it, then its code (also an address of the user's own being verified). */
type Adding = { step: 'email' } | { step: 'code'; email: string; verifying: boolean };

/** 'New email address' and 'Send code': the first step of adding one. */
function NewEmail({ action, onSend, onCancel }: { action: Action; onSend(email: string): void; onCancel(): void }) {
  const { t, free } = useWidget();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.pending) return;
    const value = email.trim();
    setInvalid(!isValidEmail(value));
    if (isValidEmail(value)) onSend(value);
  };
  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      <TextInput
        label={free(texts.newEmailLabel)}
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        placeholder={t('emailPlaceholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid ? t('invalidEmailFormat') : action.fieldError}
      />
      <Button type="submit" loading={action.pending}>
        {free(texts.sendCode)}
      </Button>
      <Button variant="text" onClick={onCancel}>
        {free(texts.cancel)}
      </Button>
    </form>
  );
}

function EmailItem({ email, action, onVerify }: { email: UserEmail; action: Action; onVerify(): void }) {
  const { free } = useWidget();
  const changes = emailChanges(free);
  const badges = [...(email.primary ? [{ text: free(texts.primary), strong: true }] : []), { text: free(email.verified ? texts.verified : texts.unverified) }];
  return (
    <Item name={<Destination value={email.email} />} badges={badges}>
      {email.verified ? null : <ItemAction label={free(texts.verify)} subject={email.email} disabled={action.pending} onClick={onVerify} />}
      {email.verified && !email.primary ? (
        <ItemAction label={free(texts.makePrimary)} subject={email.email} disabled={action.pending} onClick={() => action.run(changes.makePrimary(email))} />
      ) : null}
      <ItemAction label={free(texts.remove)} subject={email.email} disabled={action.pending} onClick={() => action.run(changes.remove(email))} />
    </Item>
  );
}

/**
 * 'Email addresses': each of the user's addresses with 'Primary' and 'Verified' (or 'Unverified'),
 * 'Make primary', 'Remove', and 'Verify' for an unverified one; 'Add email address' asks for it,
 * sends a 6-digit passcode to it, and adds it once the code is in.
 */
export default function EmailsSection() {
  const { free } = useWidget();
  const { user } = useAccount();
  const action = useAction();
  const [adding, setAdding] = useState<Adding | null>(null);
  const changes = emailChanges(free);

  const send = (email: string, verifying: boolean) => action.run({ ...changes.sendCode(email), done: () => setAdding({ step: 'code', email, verifying }) });
  const stop = () => {
    action.cancel();
    setAdding(null);
  };

  return (
    <>
      {user.emails.length ? (
        <ul className="vst-list">
          {user.emails.map((email) => (
            <EmailItem key={email.email_id} email={email} action={action} onVerify={() => send(email.email, true)} />
          ))}
        </ul>
      ) : (
        <p className="vst-note">{free(texts.noEmails)}</p>
      )}
      {adding?.step === 'email' ? (
        <Step title={free(texts.addEmail)}>
          <NewEmail action={action} onSend={(email) => send(email, false)} onCancel={stop} />
        </Step>
      ) : adding?.step === 'code' ? (
        <Step title={free(adding.verifying ? texts.verifyEmail : texts.addEmail)}>
          <CodeStep
            destination={adding.email}
            pending={action.pending}
            error={action.fieldError}
            onCode={(code) => action.run({ ...changes.add(adding.email, code, adding.verifying), done: () => setAdding(null) })}
            onResend={() => action.run(changes.resend(adding.email))}
            onCancel={stop}
            cancelLabel={free(texts.cancel)}
          />
        </Step>
      ) : (
        <div className="vst-account-actions">
          <Button
            variant="secondary"
            disabled={action.pending}
            onClick={() => {
              action.cancel();
              setAdding({ step: 'email' });
            }}
          >
            {free(texts.addEmail)}
          </Button>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
