import { useEffect, useRef } from 'react';
import { errorTypeOf } from '@vestibule/client';
import { useAction } from '../../../account/useAction';
import { messageForError } from '../../../flow/errors';
import type { ConfirmStepProps } from '../../../flow/feature';
import { sessionDuration } from '../../../flow/session';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { texts } from './texts';

/**
 * Confirming it is you with a passkey: the browser's dialog opens as soon as the step shows (the
 * choice said so), and the sign-in adds its factor to the session. Closing the dialog says nothing
 * and offers the passkey again.
 */
export default function PasskeyConfirm({ onConfirmed, onCancel }: ConfirmStepProps) {
  const { t, free, config } = useWidget();
  const action = useAction();
  const { run } = action;
  const start = () =>
    run({
      call: (client, signal) => client.webauthn.authenticate({ signal, session_duration_minutes: sessionDuration(config) }),
      // The person closed the dialog (NotAllowedError, as ../errors.ts wasCancelled reads it: imported, that
      // module would leave the login's first load for a chunk of its own): nothing to say. The
      // server's refusal in its words; else the passkey sign-in's.
      message: (err) =>
        err instanceof Error && err.name === 'NotAllowedError' ? null : errorTypeOf(err) ? messageForError(err, free) : t('passkeyUnknownError'),
      done: onConfirmed,
    });
  // The dialog opens as soon as the step shows, once (React's strict mode runs effects twice).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step shows
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  return (
    <>
      {action.pending ? (
        <p className="vst-text" role="status">
          {free(texts.waiting)}
        </p>
      ) : (
        <>
          {action.state.kind === 'failed' ? (
            <p className="vst-field-error" role="alert">
              {action.state.message}
            </p>
          ) : null}
          <Button variant="secondary" onClick={start}>
            {free(texts.usePasskey)}
          </Button>
        </>
      )}
      <Button variant="text" onClick={onCancel}>
        {t('back')}
      </Button>
    </>
  );
}
