import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, expectError, loopback } from '../helpers/account.js';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { type Answer, type ListeningServer, startListening } from '../helpers/listening.js';
import { codeIn, OTP } from '../helpers/otp.js';
import { capturedLog } from './captured-log.js';
import { lastTo, type LocalSmtp, localSmtp } from './local-smtp.js';

/**
 * Email that cannot go out, over real sockets: an SMTP server of the test's own that is stopped, that
 * refuses the recipient (550) or the message once read (451), then accepts again. Every route that
 * sends an email answers delivery_failed (503 unreachable, 502 refused), logs what failed without
 * the message, leaves no link or code of the failed email working, does not count the failures
 * against the address, and sends once the server accepts. The development outbox is on, as in
 * `npm start`: a message SMTP refused is not in it either.
 */
const log = capturedLog();
let smtp: LocalSmtp;
let s: ListeningServer;

beforeAll(async () => {
  smtp = await localSmtp('accept');
  s = await startListening({ smtpUrl: smtp.url }, {}, log.logger);
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});

const PASSWORD = 'orbit Pickle 74 lantern quasar';
const NOT_SENT = 'The email could not be sent. Please try again.';

/** One route that emails `email`: how to call it, and what the email carries (a link's token or a code), tried. */
interface EmailingRoute {
  name: string;
  purpose: string;
  /** Makes what the route needs (an account, a session) for `email`; answers the call. */
  prepare(email: string, from: string): Promise<(email: string) => Promise<Answer>>;
  /** Whether what `mail` carries works (and uses it when it does). */
  works(mail: ParsedMail, email: string, from: string): Promise<boolean>;
}

const post = (path: string, body: unknown, from: string, session?: string) => s.send('POST', path, body, { from, session });

/** A user with a password for `email` (no message needed); answers their session. */
async function passwordUser(email: string, from: string): Promise<string> {
  const created = await post('/sdk/v1/passwords', { email, password: PASSWORD }, from);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.session_token;
}

const methodIds = new Map<string, string>();

const ROUTES: EmailingRoute[] = [
  {
    name: 'magic link (login_or_create)',
    purpose: 'magic_link',
    prepare: async (_email, from) => (email) => post('/sdk/v1/magic_links/email/login_or_create', { email }, from),
    async works(mail, _email, from) {
      const used = await post('/sdk/v1/magic_links/authenticate', { token: tokenFromLink(mail.text!).token }, from);
      if (used.status !== 200) expectError(used, 401, 'unable_to_auth_magic_link');
      return used.status === 200;
    },
  },
  {
    name: 'email passcode (login_or_create)',
    purpose: 'passcode',
    prepare: async (_email, from) => async (email) => {
      const sent = await post(OTP.email, { email }, from);
      if (sent.status === 200) methodIds.set(email, sent.body.method_id);
      return sent;
    },
    async works(mail, email, from) {
      const used = await post(OTP.authenticate, { method_id: methodIds.get(email), code: codeIn(mail.text!) }, from);
      if (used.status !== 200) expectError(used, 401, 'otp_code_not_found');
      return used.status === 200;
    },
  },
  {
    name: 'password reset (reset/start)',
    purpose: 'password_reset',
    async prepare(email, from) {
      await passwordUser(email, from);
      return (email) => post('/sdk/v1/passwords/email/reset/start', { email }, from);
    },
    async works(mail, _email, from) {
      // Two links: the reset link and a login link; neither may work when the email was not sent.
      const [reset, login] = [...mail.text!.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]).searchParams.get('token'));
      const checked = await post('/sdk/v1/passwords/email/reset/check', { token: reset }, from);
      const used = await post('/sdk/v1/magic_links/authenticate', { token: login }, from);
      expect(checked.status === 200, 'both links work, or neither').toBe(used.status === 200);
      if (checked.status !== 200) expectError(checked, 401, 'invalid_reset_token');
      return checked.status === 200;
    },
  },
  {
    name: "the account page's email passcode (emails/start)",
    purpose: 'account_passcode',
    async prepare(_email, from) {
      // Signed in by a magic link: an account whose own address is proven may add another.
      const session = (await s.signInByLink(uniqueEmail('account-owner'), from)).session_token;
      sessions.set(from, session);
      return (email) => post(account('emails/start'), { email }, from, session);
    },
    async works(mail, email, from) {
      const added = await post(account('emails/add'), { email, code: codeIn(mail.text!) }, from, sessions.get(from));
      if (added.status !== 200) expectError(added, 401, 'otp_code_not_found');
      return added.status === 200;
    },
  },
];
const sessions = new Map<string, string>();

describe.each(ROUTES)('$name, when the email cannot go out', (route) => {
  it('answers 503 (server stopped) or 502 (refused at RCPT TO or DATA) delivery_failed, logged; the refused email carries nothing that works; once SMTP accepts, the email goes and works though the failures outnumber the address limit', async () => {
    const email = uniqueEmail(`delivery-${route.purpose}`);
    const from = loopback();
    const call = await route.prepare(email, from);
    const failures = log.failures().length;

    await smtp.set('down');
    const down = await call(email);
    expectError(down, 503, 'delivery_failed');
    expect(down.body.error_message).toBe(NOT_SENT);

    await smtp.set('refuse-recipient');
    const refusedRecipient = await call(email);
    expectError(refusedRecipient, 502, 'delivery_failed');

    // The address's limit is 5 sends in 10 minutes: these failures are past it, and none counts.
    await smtp.set('refuse-data');
    const refusedData: Answer[] = [];
    for (let i = 0; i < 4; i++) refusedData.push(await call(email));
    for (const answer of refusedData) expectError(answer, 502, 'delivery_failed');
    const refusedMail = lastTo(smtp.refused, email);
    expect(refusedMail, 'the server read the message before refusing it').toBeDefined();

    const logged = log.failures().slice(failures);
    expect(logged.map((line) => line.details.request_id)).toEqual([down, refusedRecipient, ...refusedData].map((answer) => answer.body.request_id));
    for (const line of logged) {
      expect(line.level).toBe('error');
      expect(line.details).toMatchObject({ channel: 'email', purpose: route.purpose, provider: 'smtp' });
    }
    expect(logged[0]!.details).toMatchObject({ failure: 'unreachable', smtp_error: 'ESOCKET' });
    expect(logged[1]!.details).toMatchObject({ failure: 'refused', stage: 'RCPT TO', reply_code: 550 });
    // The refusal named the recipient: the log names no address.
    expect(String(logged[1]!.details.reply)).toContain('<address>');
    expect(logged[2]!.details).toMatchObject({ failure: 'refused', stage: 'DATA', reply_code: 451 });
    expect(JSON.stringify(logged)).not.toContain(email);
    // Nothing in the development outbox either: it holds what went out.
    expect(await s.outbox(email)).toEqual([]);

    await smtp.set('accept');
    const sent = await call(email);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const delivered = lastTo(smtp.received, email)!;
    expect(delivered).toBeDefined();
    expect((await s.outbox(email)).length).toBe(1);

    // What the refused email carried does not work; the delivered one does.
    expect(await route.works(refusedMail!, email, from)).toBe(false);
    expect(await route.works(delivered, email, from)).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain(refusedMail!.text!.match(/\b\d{6}\b|token=[\w-]+/)![0]);
  });
});

describe('a passcode that could not be sent again', () => {
  it('leaves the code sent before working', async () => {
    await smtp.set('accept');
    const email = uniqueEmail('resend');
    const from = loopback();
    const first = await post(OTP.email, { email }, from);
    expect(first.status).toBe(200);
    const firstCode = codeIn(lastTo(smtp.received, email)!.text!);

    await smtp.set('refuse-data');
    expectError(await post(OTP.email, { email }, from), 502, 'delivery_failed');
    const unsentCode = codeIn(lastTo(smtp.refused, email)!.text!);
    await smtp.set('accept');

    if (unsentCode !== firstCode)
      expectError(await post(OTP.authenticate, { method_id: first.body.method_id, code: unsentCode }, from), 401, 'otp_code_not_found');
    const used = await post(OTP.authenticate, { method_id: first.body.method_id, code: firstCode }, from);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
  });
});
