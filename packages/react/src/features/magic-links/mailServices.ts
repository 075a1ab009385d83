export interface MailService {
  name: string;
  inbox: string;
  search(domain: string): string;
}

/** The three web mail shortcuts. */
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
