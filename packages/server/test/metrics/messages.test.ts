import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopback } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { OTP, uniquePhone } from '../helpers/otp.js';
import { localSmtp, type LocalSmtp } from '../delivery/local-smtp.js';
import { scrape, total } from './scrape.js';

/**
 * Messages by channel and outcome, as an operator alerting on a mail server that refuses reads
 * them: an SMTP server of the test's own that accepts, refuses the recipient, then is stopped; and
 * a text passcode, which development delivers to its outbox.
 */
let smtp: LocalSmtp;
let server: ListeningServer;
beforeAll(async () => {
  smtp = await localSmtp('accept');
  server = await startListening({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const messages = async (channel: string, outcome: string) => total((await scrape(server.port)).samples, 'vestibule_messages_total', { channel, outcome });
const magicLink = () => server.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: uniqueEmail('metrics-mail') }, { from: loopback() });

describe('vestibule_messages_total', () => {
  it('counts an email the server took as sent, and one refused or unreachable as failed', async () => {
    const [sent, failed] = [await messages('email', 'sent'), await messages('email', 'failed')];
    expect((await magicLink()).status).toBe(200);
    await smtp.set('refuse-recipient');
    expect((await magicLink()).body.error_type).toBe('delivery_failed');
    await smtp.set('down');
    expect((await magicLink()).body.error_type).toBe('delivery_failed');
    await smtp.set('accept');
    expect([(await messages('email', 'sent')) - sent, (await messages('email', 'failed')) - failed]).toEqual([1, 2]);
  });

  it('counts a text passcode under its own channel', async () => {
    const [sms, whatsapp] = [await messages('sms', 'sent'), await messages('whatsapp', 'sent')];
    const sent = await server.send('POST', OTP.sms, { phone_number: uniquePhone() }, { from: loopback() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect([(await messages('sms', 'sent')) - sms, (await messages('whatsapp', 'sent')) - whatsapp]).toEqual([1, 0]);
  });
});
