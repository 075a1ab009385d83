import { useEffect, useRef } from 'react';
import { Heading } from '../components/Heading';
import { Loading } from '../components/Loading';
import { NewPasswordForm } from './password/NewPasswordForm';
import { useFlow } from '../flow/FlowContext';
import { useWidget } from '../mounts/context';

/** The query parameter that says what kind of token the emailed link carries. */
export const TOKEN_TYPE_PARAM = 'vestibule_token_type';

export function readTokenType(search: string): string | null {
  return new URLSearchParams(search).get(TOKEN_TYPE_PARAM);
}

/**
 * With token type `login` the token is a magic-link token: log in with it. Otherwise it is a
 * password-reset token: a new password (with strength feedback; the email is not known here, so
 * none is sent with the check), then passwords.resetByEmail.
 */
export function PasswordResetForm() {
  const { t } = useWidget();
  const { state, send } = useFlow();
  const reset = state.resetPasswordState;
  const isLogin = reset?.tokenType === 'login';
  const started = useRef(false);

  useEffect(() => {
    if (!isLogin || !reset || started.current) return;
    started.current = true;
    send({ type: 'AUTHENTICATE_MAGIC_LINK', token: reset.token });
  }, [isLogin, reset, send]);

  if (isLogin) {
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
