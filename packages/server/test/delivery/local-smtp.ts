import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { switchableService } from './switchable-service.js';

/**
 * How the local SMTP server behaves: 'down' nothing listens on its port; 'refuse-recipient'
 * answers RCPT TO with 550; 'refuse-data' reads the whole message, then answers 451 (the message
 * is kept in `refused`: what a failed delivery carried); 'accept' takes it (kept in `received`).
 */
export type SmtpMode = 'down' | 'refuse-recipient' | 'refuse-data' | 'accept';

export interface LocalSmtp {
  url: string;
  received: ParsedMail[];
  refused: ParsedMail[];
  /** Switches the behaviour; from or to 'down' the server stops or starts listening on the same port. */
  set(mode: SmtpMode): Promise<void>;
  close(): Promise<void>;
}

/** An SMTP server of the test's own (smtp-server), on a fixed port, that can be stopped and made to refuse. */
export async function localSmtp(initial: SmtpMode): Promise<LocalSmtp> {
  const received: ParsedMail[] = [];
  const refused: ParsedMail[] = [];
  const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
  const service = await switchableService<SmtpMode>(
    initial,
    (mode) =>
      new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onRcptTo(address, _session, callback) {
          if (mode() === 'refuse-recipient') return callback(refusal(550, `5.1.1 <${address.address}>: Recipient address rejected: mailbox unavailable`));
          callback();
        },
        onData(stream, _session, callback) {
          simpleParser(stream).then(
            (mail) => {
              if (mode() === 'refuse-data') {
                refused.push(mail);
                return callback(refusal(451, '4.3.0 Requested action aborted: local error in processing'));
              }
              received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        },
      }),
  );
  return { url: `smtp://127.0.0.1:${service.port}`, received, refused, set: service.set, close: service.close };
}

/** The last message a list holds for `to`. */
export function lastTo(mails: ParsedMail[], to: string): ParsedMail | undefined {
  return mails.findLast((mail) => !Array.isArray(mail.to) && mail.to?.value[0]?.address === to);
}
