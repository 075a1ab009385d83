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

const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;
const NUMBER = /\+?\d[\d ()-]{6,}\d/g;

/**
 * A provider's reply for the log, with the email addresses and phone numbers in it masked (a
 * refusal often names the recipient; the logs name people by their ids) and cut to 300 characters.
 */
export function maskedReply(reply: string): string {
  return reply.replace(ADDRESS, '<address>').replace(NUMBER, '<number>').slice(0, 300);
}
