/** An SMS or WhatsApp message, ready to go: `to` is E.164. */
export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  to: string;
  text: string;
}

/** Anything that can deliver a text message; a provider that fails throws a DeliveryError (delivery-error.ts). */
export interface TextSender {
  send(message: TextMessage): Promise<void>;
}
