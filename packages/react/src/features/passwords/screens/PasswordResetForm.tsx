import { useFlow } from '../../../flow/FlowContext';
import { Heading } from '../../../parts/Heading';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * With token type `login` the token is a magic-link token: the screen's on-enter hook logs in with
 * it (src/features/passwords/reset.ts) while this says 'Logging in...'. Otherwise it is a
 * password-reset token: a new password (with strength feedback; the email is not known here, so
 * none is sent with the check), then passwords.resetByEmail.
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
  return (
    <>
      <Heading>{t('resetYourPassword')}</Heading>
      <NewPasswordForm label="newPasswordLabel" onSubmit={(password) => send({ type: 'RESET_PASSWORD', password })} />
    </>
  );
}
