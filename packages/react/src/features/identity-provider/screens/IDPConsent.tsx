import { Button } from '../../../parts/Button';
import { Heading } from '../../../parts/Heading';
import { Loading } from '../../../parts/Loading';
import { useFlow } from '../../../flow/FlowContext';
import { GenericSuccess } from '../../../flow/GenericSuccess';
import { useWidget } from '../../../widget/context';
import { say, texts } from '../texts';
import { AuthorizeConsent } from './AuthorizeConsent';
import { Message } from './Message';

/**
 * Lazily loaded: the identity-provider screens. One screen value, IDPConsent,
 * whose content follows the flow's phase; each new content moves focus to its title.
 */
export default function IDPConsent() {
  const { t, free, bootstrap } = useWidget();
  const { state, send } = useFlow();
  const { idp } = state;
  const projectName = bootstrap.projectName;

  switch (idp.phase) {
    case 'loading':
      return <Loading />;
    case 'missingParam':
      return (
        <>
          <Heading>{t('errorTitle')}</Heading>
          <p className="vst-error-text" role="alert">
            {'missing' in idp.request ? say(free, texts.missingParam, { param: idp.request.missing }) : null}
          </p>
        </>
      );
    case 'error':
      return (
        <>
          <Heading focusOnMount>{t('errorTitle')}</Heading>
          <p className="vst-error-text" role="alert">
            {idp.message}
          </p>
        </>
      );
    case 'noSession':
      return <Message text={free(texts.noSession)} />;
    case 'signInAgain':
      return <Message text={idp.message ?? ''} />;
    case 'consent':
      return idp.consent ? <AuthorizeConsent consent={idp.consent} /> : <Loading />;
    case 'denied':
      return <Message text={free(texts.denied)} />;
    case 'success':
      return <GenericSuccess authenticated={false} flowComplete={false} />;
    case 'logoutConfirm':
      return (
        <>
          <Heading focusOnMount>{free(texts.logoutTitle)}</Heading>
          <p className="vst-text">{say(free, texts.logoutBody, { projectName })}</p>
          <div className="vst-block">
            <Button onClick={() => send({ type: 'IDP_LOGOUT', confirmed: true })}>{free(texts.yes)}</Button>
            <Button variant="secondary" onClick={() => send({ type: 'IDP_LOGOUT', confirmed: false })}>
              {free(texts.no)}
            </Button>
          </div>
        </>
      );
    case 'notLoggedOut':
      return <Message text={free(texts.notLoggedOut)} />;
  }
}
