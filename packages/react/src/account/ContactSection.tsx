import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { CodeStep } from '../passcode/CodeStep';
import { Button } from '../parts/Button';
import { Destination } from '../parts/Destination';
import { NotSent } from '../delivery/NotSent';
import { useWidget } from '../widget/context';
import type { Change } from './action';
import { ActionStatus } from './ActionStatus';
import { Item, ItemAction, RemoveAction } from './Item';
import { Step, StepButton } from './Step';
import { texts } from './texts';
import { useAction, type Action } from './useAction';

/** An address or a number of the user, as the section lists it. */
export interface Contact {
  id: string;
  /** As sent and stored: the address, or the number in E.164 form. */
  value: string;
  verified: boolean;
  primary: boolean;
}

/** The first step of adding one: the section's own field, which hands on what to send the code to. */
export interface NewContactProps {
  action: Action;
  /** `value` as the server takes it, `shown` as the person reads it. */
  onSend(value: string, shown: string): void;
  onCancel(): void;
}

/**
 * The first step's form around the section's field, with 'Send code' (spinning while the code is
 * sent; 'Try again' when it could not be sent) and 'Cancel'. `onSubmit` checks the field and
 * sends; a submission while a change is under way is ignored.
 */
export function NewContactForm({ action, onSubmit, onCancel, children }: Omit<NewContactProps, 'onSend'> & { onSubmit(): void; children: ReactNode }) {
  const { free } = useWidget();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!action.pending) onSubmit();
  };
  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      {children}
      {action.notSent ? (
        <NotSent message={action.notSent} />
      ) : (
        <Button type="submit" loading={action.pending}>
          {free(texts.sendCode)}
        </Button>
      )}
      <Button variant="text" onClick={onCancel}>
        {free(texts.cancel)}
      </Button>
    </form>
  );
}

export interface ContactSectionProps {
  contacts: Contact[];
  /** Numbers stay on one line; addresses may wrap at their dots. */
  phone?: boolean;
  /** The section's texts, translated: what it says with none, its add button and step titles. */
  words: { none: string; add: string; verifyTitle: string };
  /** Its calls: a code sent to a value (to add it, or verify one of the user's), adding with the code, make primary, remove. */
  changes: {
    sendCode(value: string): Change;
    resend(value: string): Change;
    add(value: string, code: string, verifying: boolean): Change;
    makePrimary(contact: Contact): Change;
    remove(contact: Contact): Change;
  };
  NewContact: ComponentType<NewContactProps>;
}

/** Adding one: its field, then its code (or the code of one of the user's own being verified). */
type Adding = { step: 'value' } | { step: 'code'; value: string; shown: string; verifying: boolean };

/**
 * A section of addresses or numbers that sign in (email addresses, phone numbers): each with
 * 'Primary' and 'Verified' (or 'Unverified'), 'Make primary' for a verified one, 'Verify' for an
 * unverified one, 'Remove'; the add button asks for one, sends a 6-digit passcode to it, and adds it
 * once the code is in. The field of the first step is the section's (NewContact, in a NewContactForm).
 */
export function ContactSection({ contacts, phone = false, words, changes, NewContact }: ContactSectionProps) {
  const { free } = useWidget();
  const action = useAction();
  const [adding, setAdding] = useState<Adding | null>(null);

  // 'Verify' in the list has no field of its own: its failure (a code that could not be sent too) goes in the section's banner.
  const send = (value: string, shown: string, verifying: boolean) =>
    action.run({
      ...changes.sendCode(value),
      ...(verifying ? { field: false } : {}),
      done: () => setAdding({ step: 'code', value, shown, verifying }),
    });
  const stop = () => {
    action.cancel();
    setAdding(null);
  };

  return (
    <>
      {contacts.length ? (
        <ul className="vst-list">
          {contacts.map((contact) => (
            <Item
              key={contact.id}
              name={<Destination value={contact.value} phone={phone} />}
              badges={[
                ...(contact.primary ? [{ text: free(texts.primary), strong: true }] : []),
                { text: free(contact.verified ? texts.verified : texts.unverified) },
              ]}
            >
              {contact.verified ? null : (
                <ItemAction
                  label={free(texts.verify)}
                  subject={contact.value}
                  disabled={action.pending}
                  onClick={() => send(contact.value, contact.value, true)}
                />
              )}
              {contact.verified && !contact.primary ? (
                <ItemAction
                  label={free(texts.makePrimary)}
                  subject={contact.value}
                  disabled={action.pending}
                  onClick={() => action.run(changes.makePrimary(contact))}
                />
              ) : null}
              <RemoveAction action={action} change={changes.remove(contact)} subject={contact.value} />
            </Item>
          ))}
        </ul>
      ) : (
        <p className="vst-note">{words.none}</p>
      )}
      {adding?.step === 'value' ? (
        <Step title={words.add}>
          <NewContact action={action} onSend={(value, shown) => send(value, shown, false)} onCancel={stop} />
        </Step>
      ) : adding?.step === 'code' ? (
        <Step title={adding.verifying ? words.verifyTitle : words.add}>
          <CodeStep
            destination={adding.shown}
            phone={phone}
            pending={action.pending}
            error={action.fieldError}
            notSent={action.notSent}
            onCode={(code) => action.run({ ...changes.add(adding.value, code, adding.verifying), done: () => setAdding(null) })}
            onResend={() => action.run(changes.resend(adding.value))}
            onCancel={stop}
            cancelLabel={free(texts.cancel)}
          />
        </Step>
      ) : (
        <div className="vst-account-actions">
          <StepButton action={action} onOpen={() => setAdding({ step: 'value' })}>
            {words.add}
          </StepButton>
        </div>
      )}
      <ActionStatus action={action} />
    </>
  );
}
