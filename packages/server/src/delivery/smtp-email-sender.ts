import nodemailer from 'nodemailer';
import { DeliveryError, maskedReply } from './delivery-error.js';
import type { EmailSender } from './email-sender.js';

/**
 * How long a send waits, where nodemailer's defaults (2 minutes to connect, 10 minutes of silence)
 * would hold the person's request that long: 10 s to connect and for the greeting, 30 s for any
 * other reply. The URL's query sets them otherwise (smtp://host?socketTimeout=60000).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, dnsTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer's codes for a server that could not be reached, or that went away before answering. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS']);

/** What nodemailer puts on the errors of a send (lib/smtp-connection: _formatError). */
interface SmtpFailure extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

/** Sends email through the SMTP server named by an smtp:// or smtps:// URL (nodemailer). */
export function createSmtpEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport({ ...TIMEOUTS, url: smtpUrl });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        throw deliveryError(error as SmtpFailure);
      }
    },
    close() {
      transport.close();
    },
  };
}

/**
 * A failed send as a DeliveryError: the server was not reached (no connection, a timeout, the
 * connection dropped), or it refused at some command (AUTH, MAIL FROM, RCPT TO, DATA), with its
 * reply code and reply. nodemailer's message repeats the reply, which may name the recipient, so
 * only the masked reply is kept.
 */
function deliveryError(error: SmtpFailure): DeliveryError {
  const stage = error.command ?? null;
  if (!error.responseCode && UNREACHABLE.has(error.code ?? '')) {
    return new DeliveryError('smtp', 'unreachable', `SMTP server unreachable (${error.code})`, { smtp_error: error.code, stage });
  }
  return new DeliveryError('smtp', 'refused', `SMTP server refused the message${stage ? ` at ${stage}` : ''}`, {
    smtp_error: error.code ?? null,
    stage,
    reply_code: error.responseCode ?? null,
    reply: error.response ? maskedReply(error.response) : null,
  });
}
