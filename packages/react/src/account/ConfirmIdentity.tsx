import { Suspense, useEffect, useRef, useState } from 'react';
import type { SignInResponse } from '@vestibule/contract';
import { Button } from '../parts/Button';
import { Loading } from '../parts/Loading';
import { say } from '../texts/say';
import { useWidget } from '../widget/context';
import type { ConfirmChoice, ConfirmWay } from '../flow/feature';
import { useAccount } from './context';
import { confirmChoices } from './sections';
import { texts } from './texts';

/**
 * 'Confirm it is you', inline in the section whose change needs a recent sign-in: the ways this
 * user has (each feature's Feature.confirm: a passkey, a passcode to each verified address or
 * number, the password), one button each; a choice opens its step, which signs in again with the
 * same session. Focus moves to the step's title when it appears, and back to it from a choice.
 * `why`: the server's words for reauthentication_required. `again`: a sign-in was made, and the
 * change still asks for one (the server did not count it).
 */
export function ConfirmIdentity({
  why,
  again,
  onConfirmed,
  onCancel,
}: {
  why: string;
  again: boolean;
  onConfirmed(response: SignInResponse): void;
  onCancel(): void;
}) {
  const { free } = useWidget();
  const { user, features } = useAccount();
  const title = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState<{ way: ConfirmWay; choice: ConfirmChoice } | null>(null);
  const choices = confirmChoices(features, user);
  useEffect(() => {
    if (!open) title.current?.focus();
  }, [open]);
  const Step = open?.way.step;
  return (
    <div className="vst-confirm">
      <h3 className="vst-confirm-title" ref={title} tabIndex={-1}>
        {free(texts.confirmTitle)}
      </h3>
      <p className="vst-text">{why}</p>
      {again ? (
        <p className="vst-field-error" role="alert">
          {free(texts.notConfirmed)}
        </p>
      ) : null}
      {Step && open ? (
        <Suspense fallback={<Loading />}>
          <Step user={user} choice={open.choice.key} onConfirmed={onConfirmed} onCancel={() => setOpen(null)} />
        </Suspense>
      ) : (
        <>
          {choices.length ? (
            <ul className="vst-list">
              {choices.map(({ way, choice }) => (
                <li key={`${way.order}:${choice.key}`}>
                  <Button variant="secondary" onClick={() => setOpen({ way, choice })}>
                    {say(free, choice.label, choice.values)}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="vst-text">{free(texts.noWayToConfirm)}</p>
          )}
          <Button variant="text" onClick={onCancel}>
            {free(texts.cancel)}
          </Button>
        </>
      )}
    </div>
  );
}
