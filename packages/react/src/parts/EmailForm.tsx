import { useState, type FormEvent } from 'react';
import type { StringKey } from '../strings/en';
import { useWidget } from '../widget/context';
import { isValidEmail } from '@vestibule/client';
import { Button } from './Button';
import { TextInput } from './TextInput';

export interface EmailFormProps {
  /** What the field holds when the form mounts. */
  initialEmail: string;
  /** Shown under the field when the email is invalid. */
  invalidMessage: Extract<StringKey, 'invalidEmailFormat' | 'invalidEmailOtp'>;
  /** Checks the email with surrounding white space trimmed (the passcode form) rather than as typed. */
  validateTrimmed?: boolean;
  /** Called on submit with a valid email: trimmed, and as typed. */
  onSubmit: (email: string, typed: string) => void;
  /** A request is in flight: the button shows a spinner and submitting does nothing. */
  pending: boolean;
  /** The error of the last call, shown under the field. */
  apiError: string | null;
  /** The last call's email could not be sent (its error is apiError): the button reads 'Try again' and sends the field's address again. */
  notSent?: boolean;
  /** The button's text; 'Continue with email' unless said. */
  submitLabel?: StringKey;
}

/** The email field and 'Continue with email' of Main's magic-link, password and email-passcode forms. */
export function EmailForm({
  initialEmail,
  invalidMessage,
  validateTrimmed = false,
  onSubmit,
  pending,
  apiError,
  notSent,
  submitLabel = 'continueWithEmail',
}: EmailFormProps) {
  const { t } = useWidget();
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const value = email.trim();
    if (!isValidEmail(validateTrimmed ? value : email)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSubmit(value, email);
  };

  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      <TextInput
        label={t('emailLabel')}
        type="email"
        name="email"
        required
        placeholder={t('emailPlaceholder')}
        autoComplete="username webauthn"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={invalid ? t(invalidMessage) : apiError}
      />
      <Button type="submit" loading={pending}>
        {t(notSent ? 'tryAgain' : submitLabel)}
      </Button>
    </form>
  );
}
