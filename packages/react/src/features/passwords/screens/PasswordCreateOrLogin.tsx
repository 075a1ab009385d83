import { useState, type FormEvent } from 'react';
import { BackArrow } from '../../../parts/BackArrow';
import { Button } from '../../../parts/Button';
import { Heading } from '../../../parts/Heading';
import { useFlow } from '../../../flow/FlowContext';
import { AfterEmail } from '../../../main/AfterEmail';
import { NotSent } from '../../../delivery/NotSent';
import { useWidget } from '../../../widget/context';
import type { StringKey } from '../../../strings/en';
import { emailAlternatives } from '../emailAlternatives';
import { AccountEmail } from './AccountEmail';
import { NewPasswordForm } from './NewPasswordForm';
import { PasswordField } from './PasswordField';
import { Destination } from '../../../parts/Destination';

/** The header row of every Password* screen but the confirmation: back arrow to Main, title. */
export function PasswordHeader({ title }: { title: StringKey }) {
  const { t } = useWidget();
  const { send } = useFlow();
  return (
    <div className="vst-header-row">
      <BackArrow label={t('back')} onClick={() => send({ type: 'PASSWORD_BACK' })} />
      <Heading>{t(title)}</Heading>
    </div>
  );
}

/** A call failed on a screen without a field: the message, announced; an email that could not be sent, with 'Try again'. */
export function FieldlessError() {
  const { state, send } = useFlow();
  const retry = state.errorDescriptor?.retry;
  const error = state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null;
  if (retry && error) return <NotSent message={error} onTryAgain={() => send(retry)} />;
  return error ? (
    <p className="vst-field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Buttons for the email alternatives (login link, code), plus any extra choice. */
function Choices({ email, extra }: { email: string; extra?: { label: StringKey; onClick(): void; primary?: boolean } }) {
  const { t, config } = useWidget();
  const { state, send } = useFlow();
  const [clicked, setClicked] = useState<string | null>(null);
  const alternatives = emailAlternatives(config);
  const extraButton = extra ? (
    <Button
      key={extra.label}
      variant={extra.primary ? 'primary' : 'secondary'}
      loading={state.pending && clicked === extra.label}
      disabled={state.pending}
      onClick={() => {
        setClicked(extra.label);
        extra.onClick();
      }}
    >
      {t(extra.label)}
    </Button>
  ) : null;
  return (
    <div className="vst-block">
      {extra?.primary ? extraButton : null}
      {alternatives.map((alt, i) => (
        <Button
          key={alt.label}
          variant={!extra?.primary && i === 0 ? 'primary' : 'secondary'}
          loading={state.pending && clicked === alt.label}
          disabled={state.pending}
          onClick={() => {
            setClicked(alt.label);
            send(alt.event(email));
          }}
        >
          {t(alt.label)}
        </Button>
      ))}
      {extra?.primary ? null : extraButton}
      <FieldlessError />
    </div>
  );
}

function CreateAccount({ email }: { email: string }) {
  const { tr, config } = useWidget();
  const { send } = useFlow();
  const hasAlternatives = emailAlternatives(config).length > 0;
  const [creating, setCreating] = useState(!hasAlternatives);
  return (
    <>
      <PasswordHeader title="createAccountTitle" />
      {creating ? (
        // Chosen with 'Create a password': that button is gone, so typing starts in the new field.
        <NewPasswordForm
          email={email}
          label="passwordLabel"
          focusField={hasAlternatives}
          onSubmit={(password) => send({ type: 'CREATE_PASSWORD', password })}
        />
      ) : (
        <>
          <p className="vst-text">{tr('createAccountText', { email: <Destination value={email} /> })}</p>
          <Choices email={email} extra={{ label: 'createPassword', primary: true, onClick: () => setCreating(true) }} />
        </>
      )}
    </>
  );
}

function LogIn({ email }: { email: string }) {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const [password, setPassword] = useState('');
  // The reset email (asked for, or the answer to this password) could not be sent: said under 'Forgot password?'.
  const failure = state.errorDescriptor;
  const retry = failure?.retry;
  const error = failure?.placement === 'field' && !retry ? failure.message : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (state.pending || password === '') return;
    send({ type: 'LOGIN_PASSWORD', password });
  };
  return (
    <>
      <PasswordHeader title="logInTitle" />
      <form className="vst-form" onSubmit={submit} noValidate>
        <AccountEmail email={email} visible />
        <PasswordField
          label={t('passwordLabel')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
        />
        <Button type="submit" loading={state.pending} disabled={password === ''}>
          {t('continue')}
        </Button>
      </form>
      <p className="vst-text vst-forgot">
        <button type="button" className="vst-link-button" disabled={state.pending} onClick={() => send({ type: 'SEND_RESET_EMAIL', reason: 'forgot' })}>
          {t('forgotPassword')}
        </button>
      </p>
      {failure && retry ? <NotSent message={failure.message} onTryAgain={() => send(retry)} /> : null}
      <AfterEmail email={email} />
    </>
  );
}

function Passwordless({ email }: { email: string }) {
  const { tr, config } = useWidget();
  const { send } = useFlow();
  // Name only the ways the configuration offers (a link, a code, both or neither).
  const offered = emailAlternatives(config).map((alternative) => alternative.label);
  const link = offered.includes('emailMeLoginLink');
  const code = offered.includes('emailMeCode');
  const text = link && code ? 'passwordlessText' : link ? 'passwordlessTextLink' : code ? 'passwordlessTextCode' : 'passwordlessTextNoEmail';
  return (
    <>
      <PasswordHeader title="logInTitle" />
      <p className="vst-text">{tr(text, { email: <Destination value={email} /> })}</p>
      <Choices email={email} extra={{ label: 'createPassword', onClick: () => send({ type: 'SEND_RESET_EMAIL', reason: 'setNew' }) }} />
      <AfterEmail email={email} />
    </>
  );
}

/**
 * After the email was looked up: new → choose how to create the account;
 * password → log in, with 'Forgot Password?'; passwordless → a code or link, or create a password.
 */
export function PasswordCreateOrLogin() {
  const { state } = useFlow();
  const ps = state.passwordState;
  if (!ps) return null;
  if (ps.type === 'password') return <LogIn email={ps.email} />;
  if (ps.type === 'passwordless') return <Passwordless email={ps.email} />;
  return <CreateAccount email={ps.email} />;
}
