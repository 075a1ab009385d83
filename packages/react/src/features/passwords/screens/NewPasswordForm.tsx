import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../parts/Button';
import { useFlow } from '../../../flow/FlowContext';
import { NotSent } from '../../../delivery/NotSent';
import { useWidget } from '../../../widget/context';
import type { StringKey } from '../../../strings/en';
import { AccountEmail } from './AccountEmail';
import { PasswordField } from './PasswordField';
import { PasswordStrength } from './PasswordStrength';

/** How long typing must pause before the password goes to the strength check. */
export const STRENGTH_DEBOUNCE_MS = 250;

export interface NewPasswordFormProps {
  /** Sent with the strength check, and the account a password manager saves the password for. */
  email?: string;
  /**
   * Shown as text (sign-up) or not (the reset page, where the heading says what happens); a hidden
   * username field carries it for password managers either way.
   */
  emailVisible?: boolean;
  label: StringKey;
  /** Focus the password field when the form appears (it replaced the control that had focus). */
  focusField?: boolean;
  onSubmit(password: string): void;
}

/**
 * A new password: the account's email, the password field (new-password autocomplete, show/hide) with
 * live strength feedback (debounced; stale answers dropped by the reducer), and Continue, enabled
 * only when the server said this very password is valid.
 */
export function NewPasswordForm({ email, emailVisible = true, label, focusField = false, onSubmit }: NewPasswordFormProps) {
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
  // Creating the account asked for a reset email (an account without a password had the address) that could not be sent.
  const notSent = state.errorDescriptor?.retry ? state.errorDescriptor.message : null;
  const error = state.errorDescriptor?.placement === 'field' && !notSent ? state.errorDescriptor.message : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.pending || !valid) return;
    onSubmit(password);
  };

  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      {email === undefined ? null : <AccountEmail email={email} visible={emailVisible} />}
      <PasswordField
        label={t(label)}
        name="password"
        autoComplete="new-password"
        autoFocus={focusField}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
        describedBy={checked ? feedbackId : undefined}
      />
      <PasswordStrength id={feedbackId} response={checked?.response ?? null} />
      {notSent ? (
        <NotSent message={notSent} />
      ) : (
        <Button type="submit" loading={state.pending} disabled={!valid}>
          {t('continue')}
        </Button>
      )}
    </form>
  );
}
