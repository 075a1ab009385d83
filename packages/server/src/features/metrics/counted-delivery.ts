import type { Counter } from 'prom-client';
import type { EmailSender } from '../../delivery/email-sender.js';
import type { TextDelivery } from '../../delivery/text-delivery.js';

/** The counter of messages by channel and outcome (sent, failed), as ServerMetrics makes it. */
export type MessageCounter = Counter<'channel' | 'outcome'>;

/** Counts `send` under `channel`: sent once it resolves, failed when it throws (the error goes on as it was). */
async function counted(messages: MessageCounter, channel: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    messages.inc({ channel, outcome: 'failed' });
    throw error;
  }
  messages.inc({ channel, outcome: 'sent' });
}

/** The server's email sender, each message counted (channel email). */
export function countedEmail(email: EmailSender, messages: MessageCounter): EmailSender {
  return {
    send: (message) => counted(messages, 'email', () => email.send(message)),
    close: () => email.close?.(),
  };
}

/** The server's text delivery, each message counted by its channel (sms, whatsapp). */
export function countedTexts(texts: TextDelivery, messages: MessageCounter): TextDelivery {
  return {
    canSend: (channel) => texts.canSend(channel),
    send: (message) => counted(messages, message.channel, () => texts.send(message)),
  };
}
