import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../parts/Button';
import { TextInput } from '../../../parts/TextInput';
import { useFlow } from '../../../flow/FlowContext';
import { useWidget } from '../../../widget/context';
import type { StringKey } from '../../../strings/en';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';

/** How long typing must pause before the password goes to the strength check. */
export const STRENGTH_DEBOUNCE_MS = 250;

export interface NewPasswordFormProps {
  /** Sent with the strength check, and the account a password manager saves the password for. */
  email?: string;
  /**
   * Shown read-only (sign-up) or carried in a hidden username field (the reset page, where the
   * heading says what happens and managers still need the account).
   */
  emailVisible?: boolean;
  label: StringKey;
  onSubmit(password: string): void;
}

/**
 * A new password: read-only email, the password field (new-password autocomplete, show/hide) with
 * live strength feedback (debounced; stale answers dropped by the reducer), and Continue, enabled
 * only when the server said this very password is valid.
 */
export function NewPasswordForm({ email, emailVisible = true, label, onSubmit }: NewPasswordFormProps) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const [password, setPassword] = useState('');
  const feedbackId = useId();

  useEffect(() => {
    if (password === '') {
      send({ type: 'CHECK_STRENGTH', password: '' });
      return undefined;
    }
    const timer = setTimeout(
      () => send(email === undefined ? { type: 'CHECK_STRENGTH', password } : { type: 'CHECK_STRENGTH', password, email }),
      STRENGTH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [password, email, send]);

  const checked = password === '' ? null : (state.passwordStrength?.checked ?? null);
  const valid = checked !== null && checked.password === password && checked.response.valid_password;
  const error = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.pending || !valid) return;
    onSubmit(password);
  };

  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      {email === undefined ? null : emailVisible ? (
        <TextInput label={t('emailLabel')} type="email" name="email" autoComplete="username" value={email} readOnly />
      ) : (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      )}
      <PasswordField
        label={t(label)}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
        describedBy={checked ? feedbackId : undefined}
      />
      <PasswordStrength id={feedbackId} response={checked?.response ?? null} />
      <Button type="submit" loading={state.pending} disabled={!valid}>
        {t('continue')}
      </Button>
    </form>
  );
}
