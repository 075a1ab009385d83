/** An SMS or WhatsApp message, ready to go: `to` is E.164. */
export interface TextMessage {
  channel: 'sms' | 'whatsapp';
  to: string;
  text: string;
}

/** Anything that can deliver a text message. */
export interface TextSender {
  send(message: TextMessage): Promise<void>;
}

/**
 * A provider refused the message or could not be reached. `status` is what the API answers:
 * 502 when the provider answered with an error, 503 when it could not be reached.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    message: string,
    readonly status: 502 | 503,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
