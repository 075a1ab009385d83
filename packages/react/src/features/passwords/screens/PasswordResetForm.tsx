import { useFlow } from '../../../flow/FlowContext';
import { DeadLink } from '../../../parts/DeadLink';
import { Heading } from '../../../parts/Heading';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { NewPasswordForm } from './NewPasswordForm';

/** A used or expired reset link: said at once, with a new link by email as the way on. */
function DeadResetLink() {
  const { state, send } = useFlow();
  return (
    <DeadLink
      title="resetLinkDeadTitle"
      text="resetLinkDeadText"
      sentTitle="setNewTitle"
      sentText="newResetLinkSent"
      sentTo={state.resetPasswordState?.newLinkSentTo}
      pending={state.pending}
      apiError={state.errorDescriptor?.placement === 'field' ? state.errorDescriptor.message : null}
      onSubmit={(email) => send({ type: 'REQUEST_NEW_RESET_LINK', email })}
    />
  );
}

/**
 * With token type `login` the token is a magic-link token: the screen's on-enter hook logs in with
 * it (src/features/passwords/reset.ts) while this says 'Logging in...'. Otherwise it is a
 * password-reset token: the on-enter hook checks it; a used or expired link says so at once and
 * offers a new one by email (DeadResetLink); otherwise a new password (with strength feedback),
 * then passwords.resetByEmail.
 */
export function PasswordResetForm() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  if (state.resetPasswordState?.tokenType === 'login') {
    if (!state.pending) return <Heading>{t('errorTitle')}</Heading>;
    return (
      <>
        <Heading>{t('loggingIn')}</Heading>
        <Loading />
      </>
    );
  }
  if (state.resetPasswordState?.check === 'dead') return <DeadResetLink />;
  return (
    <>
      <Heading>{t('resetYourPassword')}</Heading>
      <NewPasswordForm
        email={state.resetPasswordState?.email}
        emailVisible={false}
        label="newPasswordLabel"
        onSubmit={(password) => send({ type: 'RESET_PASSWORD', password })}
      />
    </>
  );
}
