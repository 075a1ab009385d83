import { type FormEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CodeInput, OTP_LENGTH } from '../../../passcode/CodeInput';
import { FieldError } from '../../../parts/FieldError';
import { useWidget } from '../../../widget/context';
import { texts } from '../texts';

export interface CodeFieldProps {
  /** The field's label, translated: it says where the code comes from. */
  label: string;
  /** Why the last code was refused. */
  error: string | null;
  disabled?: boolean;
  /** The code is being checked: what is typed meanwhile is ignored. */
  pending: boolean;
  /** Six digits are in (the sixth typed, pasted, or Enter on a full entry). */
  onCode(code: string): void;
  /** The entry takes the focus when it appears (a step opened inline, not a screen whose heading takes it). */
  autoFocus?: boolean;
}

/**
 * The 6 digits an authenticator app shows, in the passcode's entry (passcode/CodeInput.tsx: one
 * input over six slots, numeric keyboard, autofill), sent at the sixth digit. A refused code
 * empties the entry and puts the person back in it, ready for the app's next code.
 */
export function CodeField({ label, error, disabled, pending, onCode, autoFocus = false }: CodeFieldProps) {
  const { free } = useWidget();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the entry appears
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, []);
  useLayoutEffect(() => {
    if (!error) return;
    setCode('');
    input.current?.focus();
  }, [error]);
  const send = (value: string) => {
    if (!pending && value.length === OTP_LENGTH) onCode(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  const errorId = `${id}-error`;
  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      <div className="vst-field">
        <label className="vst-label" htmlFor={`${id}-code`}>
          {label}
        </label>
        <CodeInput
          ref={input}
          id={`${id}-code`}
          value={code}
          onChange={(next) => {
            if (pending) return;
            setCode(next);
            send(next);
          }}
          disabled={disabled}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      {pending ? (
        <div className="vst-progress" role="progressbar" aria-label={free(texts.checking)}>
          <div className="vst-progress-bar" />
        </div>
      ) : null}
    </form>
  );
}
