import type { SmsProviderConfig } from '../config/server-config.js';
import type { TextMessage, TextSender } from './text-sender.js';

/** Where SMS and WhatsApp messages go: the development outbox and/or the provider. */
export interface TextDelivery {
  /** Whether a message on this channel reaches anyone (the outbox counts in development). */
  canSend(channel: TextMessage['channel']): boolean;
  send(message: TextMessage): Promise<void>;
}

export function createTextDelivery(input: { outbox: TextSender | null; provider: TextSender | null; sms: SmsProviderConfig | null }): TextDelivery {
  const providerHas = (channel: TextMessage['channel']) => Boolean(input.provider && (channel === 'sms' ? input.sms?.fromNumber : input.sms?.whatsappFrom));
  return {
    canSend: (channel) => Boolean(input.outbox) || providerHas(channel),
    async send(message) {
      // The provider first: a message it refused fails the send, in development as in production,
      // and the outbox holds only what went out.
      if (providerHas(message.channel)) await input.provider!.send(message);
      if (input.outbox) await input.outbox.send(message);
    },
  };
}
