import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { startHarness, tokenFromLink, uniqueEmail, type Harness } from './helpers/harness.js';
import { PRODUCTION_ENV } from './helpers/test-config.js';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let h: Harness;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: 'mailer' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  h = await startHarness({}, { ...PRODUCTION_ENV, SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}` });
});

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('email over SMTP', () => {
  it('delivers the magic link by SMTP, and the link in the received mail signs the user in', async () => {
    const email = uniqueEmail('smtp');
    const send = await h.json('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
    expect(send.status).toBe(200);
    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
    expect(mail).toBeDefined();
    expect(mail!.from?.value[0]).toEqual({ name: 'Vestibule Demo', address: 'login@vestibule.test' });
    expect(mail!.subject).toBe('Finish signing up to Vestibule Demo');
    expect(mail!.text).toContain('valid for 30 minutes');
    expect(mail!.html).toBeTruthy();

    const { link, token } = tokenFromLink(mail!.text!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/reset');
    // The HTML part carries the same link.
    expect(String(mail!.html)).toContain(token);
    const auth = await h.json<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token });
    expect(auth.status).toBe(200);
    expect(auth.body.user.emails[0]).toMatchObject({ email, verified: true });
  });
});
