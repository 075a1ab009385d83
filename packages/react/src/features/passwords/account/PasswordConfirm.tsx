import { useState, type FormEvent } from 'react';
import { primaryEmail } from '../../../account/primary';
import { useAction } from '../../../account/useAction';
import type { ConfirmStepProps } from '../../../flow/feature';
import { sessionDuration } from '../../../flow/session';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { AccountEmail } from '../screens/AccountEmail';
import { PasswordField } from '../screens/PasswordField';
import { texts } from './texts';

/** Confirming it is you with your password: a password sign-in with the primary email, on the same session. */
export default function PasswordConfirm({ user, onConfirmed, onCancel }: ConfirmStepProps) {
  const { t, free, config } = useWidget();
  const action = useAction();
  const [password, setPassword] = useState('');
  const email = primaryEmail(user) ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.pending || !password) return;
    action.run({
      call: (client) => client.passwords.authenticate({ email, password, session_duration_minutes: sessionDuration(config) }),
      field: true,
      done: onConfirmed,
    });
  };
  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      <AccountEmail email={email} visible={false} />
      <PasswordField
        label={t('passwordLabel')}
        name="password"
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={action.fieldError}
      />
      <Button type="submit" loading={action.pending} disabled={!password}>
        {free(texts.confirm)}
      </Button>
      <Button variant="text" onClick={onCancel}>
        {t('back')}
      </Button>
    </form>
  );
}
