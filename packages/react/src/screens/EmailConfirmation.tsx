import { Button } from '../components/Button';
import { Heading } from '../components/Heading';
import { useFlow } from '../flow/FlowContext';
import { useWidget } from '../mounts/context';

export interface MailService {
  name: string;
  inbox: string;
  search(domain: string): string;
}

/** The three web mail shortcuts (SPEC.md section 9: email app shortcuts: 3). */
export const MAIL_SERVICES: MailService[] = [
  {
    name: 'Gmail',
    inbox: 'https://mail.google.com/mail/u/0/#inbox',
    search: (d) => `https://mail.google.com/mail/u/0/#search/from%3A${encodeURIComponent(d)}+in%3Aanywhere`,
  },
  {
    name: 'Yahoo Mail',
    inbox: 'https://mail.yahoo.com/d/folders/1',
    search: (d) => `https://mail.yahoo.com/d/search/keyword=from%253A${encodeURIComponent(d)}`,
  },
  {
    name: 'Outlook',
    inbox: 'https://outlook.live.com/mail/0/inbox',
    search: (d) => `https://outlook.live.com/mail/0/search?q=from%3A${encodeURIComponent(d)}`,
  },
];

/** The sender domain to search for: the domainHint, else the bootstrap's only email domain. */
export function senderDomain(emailDomains: readonly string[], domainHint: string | undefined): string | null {
  if (domainHint) return domainHint;
  return emailDomains.length === 1 ? (emailDomains[0] ?? null) : null;
}

export function EmailConfirmation() {
  const { t, tr, bootstrap, config } = useWidget();
  const { state, send } = useFlow();
  const email = state.magicLinkState?.email ?? '';
  const domain = senderDomain(bootstrap.emailDomains ?? [], config.emailMagicLinksOptions?.domainHint);
  return (
    <>
      <Heading>{t('checkYourEmail')}</Heading>
      <p className="vst-text">{tr('emailSentTo', { email: <b>{email}</b> })}</p>
      <ul className="vst-mail-links">
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
      <Button variant="text" onClick={() => send({ type: 'TRY_AGAIN' })}>
        {t('tryAgain')}
      </Button>
    </>
  );
}
