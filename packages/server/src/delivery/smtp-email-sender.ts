import nodemailer from 'nodemailer';
import type { EmailSender } from './email-sender.js';

/** Sends email through the SMTP server named by an smtp:// or smtps:// URL (nodemailer). */
export function createSmtpEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close() {
      transport.close();
    },
  };
}
