/** Who was to carry the message: the SMTP server or the text-message provider. */
export type DeliveryProvider = 'smtp' | 'twilio';

/**
 * A provider refused the message ('refused': it answered with an error; the API answers 502) or
 * could not be reached ('unreachable': no connection, no answer in time; 503). The message was not
 * sent. `details` say what failed for the log (the provider's code and reply, the stage), never
 * the message's content nor the credentials.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  readonly status: 502 | 503;

  constructor(
    readonly provider: DeliveryProvider,
    readonly reach: 'refused' | 'unreachable',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = reach === 'refused' ? 502 : 503;
  }
}

const LINK = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;
const NUMBER = /\+?\d[\d ()-]{6,}\d/g;
/** Four digits or more: a passcode, should a gateway echo the message it refused. SMTP's codes (550, 5.1.1) have fewer. */
const DIGITS = /\d{4,}/g;

/**
 * A provider's reply for the log, with what could be a person's or a secret masked: links (a
 * sign-in link's token), email addresses and phone numbers (a refusal often names the recipient;
 * the logs name people by their ids), and runs of digits (a passcode in an echoed message); cut to
 * 300 characters.
 */
export function maskedReply(reply: string): string {
  return reply.replace(LINK, '<link>').replace(ADDRESS, '<address>').replace(NUMBER, '<number>').replace(DIGITS, '<digits>').slice(0, 300);
}
