/** One email ready to go: the sender is the project's configured from address. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can deliver an email; a server that fails throws a DeliveryError (delivery-error.ts). */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/**
 * Delivers through every sink in turn, in the order given, and stops at the first that fails: its
 * error is the send's. create-server.ts puts SMTP before the development outbox, so the outbox
 * holds only what went out.
 */
export function combineEmailSenders(senders: EmailSender[]): EmailSender {
  return {
    async send(message) {
      for (const sender of senders) await sender.send(message);
    },
    async close() {
      for (const sender of senders) await sender.close?.();
    },
  };
}
