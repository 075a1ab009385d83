/** One email ready to go: the sender is the project's configured from address. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Anything that can deliver an email. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/** Delivers through every sink in turn (SMTP and, in development, the outbox). */
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
