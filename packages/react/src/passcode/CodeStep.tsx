import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../parts/Button';
import { NotSent } from '../delivery/NotSent';
import { useWidget } from '../widget/context';
import { OTP_LENGTH } from './CodeInput';
import { CodeEntry } from './CodeEntry';

export interface CodeStepProps {
  /** Where the code went, as the person reads it (an address, a number in international form). */
  destination: string;
  phone?: boolean;
  /** The code is being checked (or a new one sent): what is typed meanwhile is ignored. */
  pending: boolean;
  /** Why the last code was refused, under the entry. */
  error: string | null;
  /** The new code could not be sent: its words, for NotSent (with 'Try again') in place of resend. */
  notSent?: string | null;
  /** The sixth digit is in. */
  onCode(code: string): void;
  onResend(): void;
  onCancel(): void;
  /** The cancel button's text, translated. */
  cancelLabel: string;
}

/**
 * A passcode sent from the account page (to add or verify an address or number, or to confirm it
 * is you): the code entry (CodeEntry: focused when the step appears, checked at the sixth digit,
 * emptied and focused again when a code is refused), resend and cancel. The login mount's
 * OTPAuthenticate is the same entry in a screen of its own, with its countdown.
 */
export function CodeStep({ destination, phone = false, pending, error, notSent = null, onCode, onResend, onCancel, cancelLabel }: CodeStepProps) {
  const { t } = useWidget();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    input.current?.focus();
  }, []);
  useLayoutEffect(() => {
    if (!error) return;
    setCode('');
    input.current?.focus();
  }, [error]);

  return (
    <>
      <CodeEntry
        ref={input}
        id={id}
        destination={destination}
        phone={phone}
        value={code}
        onChange={(next) => {
          if (pending) return;
          setCode(next);
          if (next.length === OTP_LENGTH) onCode(next);
        }}
        error={error}
        pending={pending}
      />
      {notSent ? (
        <NotSent message={notSent} onTryAgain={onResend} />
      ) : (
        <p className="vst-text vst-resend">
          <span>{t('didNotGetCode')}</span>{' '}
          <button type="button" className="vst-link-button" disabled={pending} onClick={onResend}>
            {t('resendCode')}
          </button>
        </p>
      )}
      <Button variant="text" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </>
  );
}
