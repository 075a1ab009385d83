import { useState } from 'react';
import { Banner } from '../../../parts/Banner';
import { Button } from '../../../parts/Button';
import { useFlow } from '../../../flow/FlowContext';
import { useWidget } from '../../../widget/context';
import type { StringKey } from '../../../strings/en';
import { emailAlternatives } from '../emailAlternatives';
import { FieldlessError, PasswordHeader } from './PasswordCreateOrLogin';
import { Destination } from '../../../parts/Destination';

/** "Didn't get it? Resend": sends the reset email again; a toast says 'Email resent'. */
function ResendReset() {
  const { t } = useWidget();
  const { send } = useFlow();
  return (
    <p className="vst-text vst-resend">
      <span>{t('didNotGetEmail')}</span>{' '}
      <button type="button" className="vst-link-button" onClick={() => send({ type: 'RESEND_RESET_EMAIL' })}>
        {t('resend')}
      </button>
    </p>
  );
}

/** A check-your-email screen after a reset email: header with back arrow, where it went, resend. */
function ResetEmailSent({ title, text, notice = false }: { title: StringKey; text: StringKey; notice?: boolean }) {
  const { t, tr } = useWidget();
  const { state } = useFlow();
  const email = state.passwordState?.email ?? '';
  return (
    <>
      {notice ? <Banner variant="warning" message={t('resetRequiredNotice')} /> : null}
      <PasswordHeader title={title} />
      <p className="vst-text">{tr(text, { email: <Destination value={email} /> })}</p>
      <ResendReset />
    </>
  );
}

/**
 * 'Forgot password?': the reset link went to {email}; resend, and 'Login without a password'
 * (a magic link, else an email code; hidden when neither is configured).
 */
export function PasswordForgot() {
  const { t, config } = useWidget();
  const { state, send } = useFlow();
  const [clicked, setClicked] = useState(false);
  const email = state.passwordState?.email ?? '';
  const alternative = emailAlternatives(config)[0];
  return (
    <>
      <ResetEmailSent title="forgotPasswordTitle" text="resetLinkSentTo" />
      {alternative ? (
        <Button
          variant="secondary"
          loading={state.pending && clicked}
          onClick={() => {
            setClicked(true);
            send(alternative.event(email));
          }}
        >
          {t('loginWithoutPassword')}
        </Button>
      ) : null}
      <FieldlessError />
    </>
  );
}

/** 'Check your email!': a passwordless user asked to create a password; the link to set one went out. */
export function PasswordSetNew() {
  return <ResetEmailSent title="setNewTitle" text="setNewText" />;
}

/** The server asked for a reset (reset_password): the reset-required notice, and where the link went. */
export function PasswordDedupe() {
  return <ResetEmailSent title="setNewPasswordTitle" text="dedupeText" notice />;
}

/** The password was found in a breach at log in: the notice, why, and where the link went. */
export function PasswordBreached() {
  return <ResetEmailSent title="setNewPasswordTitle" text="breachedText" notice />;
}
