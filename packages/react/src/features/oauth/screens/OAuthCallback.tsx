import { useFlow } from '../../../flow/FlowContext';
import { Heading } from '../../../parts/Heading';
import { Loading } from '../../../parts/Loading';
import { useWidget } from '../../../widget/context';
import { OAuthButtons } from './OAuthButtons';

/**
 * The reset page opened by the server's redirect back from a provider: 'Logging in...' while the
 * token is exchanged (then the mount's success screen), or the catalogue's message. The way on is
 * the configured providers' buttons, when the configuration names any; else the message alone,
 * since the login page is the host's.
 */
export function OAuthCallback() {
  const { t, config } = useWidget();
  const { state } = useFlow();
  if (!state.oauthError) {
    return (
      <>
        <Heading>{t('oauthLoggingIn')}</Heading>
        <Loading />
      </>
    );
  }
  return (
    <>
      <Heading key="error" focusOnMount>
        {t('errorTitle')}
      </Heading>
      <p className="vst-error-text" role="alert">
        {state.oauthError}
      </p>
      {config.oauthOptions?.providers.length ? (
        <>
          <p className="vst-text">{t('oauthSignInAgain')}</p>
          <OAuthButtons />
        </>
      ) : null}
    </>
  );
}
