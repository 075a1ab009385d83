import { useId, useState, type FormEvent } from 'react';
import { ActionStatus } from '../../../account/ActionStatus';
import { useAccount } from '../../../account/context';
import { primaryEmail } from '../../../account/primary';
import { Step, StepButton } from '../../../account/Step';
import { useAction, type Action } from '../../../account/useAction';
import { Button } from '../../../parts/Button';
import { useWidget } from '../../../widget/context';
import { AccountEmail } from '../screens/AccountEmail';
import { PasswordField } from '../screens/PasswordField';
import { PasswordStrength } from '../screens/PasswordStrength';
import { passwordChanges } from './changes';
import { useStrength } from './strength';
import { texts } from './texts';

/**
 * A new password (and, to change one, the current one): the strength meter and breach check of
 * sign-up, 'Save password' once the server calls it valid, and 'Sign out of other devices' when
 * changing. The server's refusal shows under the field it concerns.
 */
function PasswordForm({ action, changing, onDone, onCancel }: { action: Action; changing: boolean; onDone(): void; onCancel(): void }) {
  const { t, free } = useWidget();
  const { user } = useAccount();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(false);
  const feedbackId = useId();
  const hintId = useId();
  const email = primaryEmail(user) ?? undefined;
  const strength = useStrength(password, email);
  const failure = action.fieldError;
  const currentWrong = action.state.kind === 'failed' && action.state.error.error_type === 'invalid_current_password';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (action.pending || !strength.valid) return;
    const request = { password, sign_out_other_devices: changing && signOutOthers, ...(changing && current ? { current_password: current } : {}) };
    action.run({ ...passwordChanges(free).save(request, changing), done: onDone });
  };

  return (
    <form className="vst-form" onSubmit={submit} noValidate>
      {email ? <AccountEmail email={email} visible={false} /> : null}
      {changing ? (
        <PasswordField
          label={free(texts.currentPassword)}
          name="current-password"
          autoComplete="current-password"
          autoFocus
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={currentWrong ? failure : null}
          describedBy={hintId}
        />
      ) : null}
      {changing ? (
        <p className="vst-note" id={hintId}>
          {free(texts.currentPasswordHint)}
        </p>
      ) : null}
      <PasswordField
        label={t('newPasswordLabel')}
        name="password"
        autoComplete="new-password"
        autoFocus={!changing}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={(currentWrong ? null : failure) ?? strength.error}
        describedBy={strength.response ? feedbackId : undefined}
      />
      <PasswordStrength id={feedbackId} response={strength.response} />
      {changing ? (
        <label className="vst-checkbox">
          <input type="checkbox" checked={signOutOthers} onChange={(e) => setSignOutOthers(e.target.checked)} />
          <span>{free(texts.signOutOthers)}</span>
        </label>
      ) : null}
      <Button type="submit" loading={action.pending} disabled={!strength.valid}>
        {free(texts.savePassword)}
      </Button>
      <Button variant="text" onClick={onCancel}>
        {free(texts.cancel)}
      </Button>
    </form>
  );
}

/**
 * 'Password': 'Set a password' when there is none; 'Change password' and 'Remove password' when
 * there is one (the server refuses to remove the last way in).
 */
export default function PasswordSection() {
  const { free } = useWidget();
  const { user } = useAccount();
  const action = useAction();
  const [open, setOpen] = useState(false);
  const has = user.password !== null;
  const close = () => setOpen(false);

  return (
    <>
      {open ? (
        <Step title={free(has ? texts.changePassword : texts.setPassword)}>
          <PasswordForm
            action={action}
            changing={has}
            onDone={close}
            onCancel={() => {
              action.cancel();
              close();
            }}
          />
        </Step>
      ) : (
        <>
          <p className="vst-text">{free(has ? texts.hasPassword : texts.noPassword)}</p>
          <div className="vst-account-actions">
            <StepButton action={action} onOpen={() => setOpen(true)}>
              {free(has ? texts.changePassword : texts.setPassword)}
            </StepButton>
            {has ? (
              <Button variant="text" loading={action.pending} onClick={() => action.run(passwordChanges(free).remove())}>
                {free(texts.removePassword)}
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ActionStatus action={action} />
    </>
  );
}
