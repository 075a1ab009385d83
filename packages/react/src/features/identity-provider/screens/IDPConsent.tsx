import { Heading } from '../../../parts/Heading';
import { Note } from '../../../parts/Note';
import { useWidget } from '../../../widget/context';
import { clientNameFallback, idpFlow, missingParam } from '../params';

/** Lazily loaded: the identity-provider screens. The consent screen itself arrives later. */
export default function IDPConsent() {
  const { t, bootstrap } = useWidget();
  const params = new URLSearchParams(window.location.search);
  const flow = idpFlow(params);
  const missing = missingParam(params);
  if (missing) {
    return (
      <>
        <Heading>{t('errorTitle')}</Heading>
        <p className="vst-error-text" role="alert">
          {t('idpMissingParam', { param: missing })}
        </p>
      </>
    );
  }
  const clientName = clientNameFallback(params.get('redirect_uri')) ?? t('theApp');
  return (
    <>
      <Heading>
        {flow === 'Logout'
          ? t('idpLogoutTitle')
          : t('idpAuthorizeTitle', { clientName, projectName: bootstrap.projectName })}
      </Heading>
      <Note>{t('idpNotAvailable')}</Note>
    </>
  );
}
