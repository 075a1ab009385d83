import { useFlow } from '../../../flow/FlowContext';
import { AfterEmail } from '../../../main/AfterEmail';
import { Button } from '../../../parts/Button';
import { Heading } from '../../../parts/Heading';
import { useWidget } from '../../../widget/context';
import { MAIL_SERVICES, senderDomain } from '../mailServices';
import { Destination } from '../../../parts/Destination';

export function EmailConfirmation() {
  const { t, tr, bootstrap, config } = useWidget();
  const { state, send } = useFlow();
  const email = state.magicLinkState?.email ?? '';
  const domain = senderDomain(bootstrap.emailDomains ?? [], config.emailMagicLinksOptions?.domainHint);
  return (
    <>
      <Heading>{t('checkYourEmail')}</Heading>
      <p className="vst-text">{tr('emailSentTo', { email: <Destination value={email} /> })}</p>
      <ul className="vst-list">
        {MAIL_SERVICES.map((service) => (
          <li key={service.name}>
            <a
              className="vst-button vst-button--secondary vst-mail-link"
              href={domain ? service.search(domain) : service.inbox}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('openIn', { mailService: service.name })}
              <span className="vst-visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      <AfterEmail email={email} />
      <Button variant="text" onClick={() => send({ type: 'TRY_AGAIN' })}>
        {t('tryAgain')}
      </Button>
    </>
  );
}

export default EmailConfirmation;
