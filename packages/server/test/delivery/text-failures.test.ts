import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, expectError, loopback } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import { type Answer, type ListeningServer, startListening } from '../helpers/listening.js';
import { codeIn, OTP, uniquePhone } from '../helpers/otp.js';
import { capturedLog } from './captured-log.js';
import { type LocalTextApi, localTextApi, type TextApiMessage } from './local-text-api.js';

/**
 * SMS and WhatsApp that cannot go out, over real sockets: a local stand-in for the Twilio Messages
 * API that is stopped, that refuses (400 with Twilio's error body, 500), then accepts again. Every
 * route that texts answers delivery_failed (503 unreachable, 502 refused), logs what failed without
 * the message or the credentials, leaves no code of a refused text working, does not count the
 * failures against the number, and sends once the provider accepts.
 */
const log = capturedLog();
let api: LocalTextApi;
let s: ListeningServer;
const AUTH_TOKEN = 'auth-token-secret-4c1d';

beforeAll(async () => {
  api = await localTextApi('accept');
  s = await startListening(
    { sms: { accountSid: 'AC0123456789abcdef', authToken: AUTH_TOKEN, fromNumber: '+15005550006', whatsappFrom: '+14155238886', baseUrl: api.baseUrl } },
    {},
    log.logger,
  );
});
afterAll(async () => {
  await s?.close();
  await api?.close();
});

const post = (path: string, body: unknown, from: string, session?: string) => s.send('POST', path, body, { from, session });
const lastTo = (messages: TextApiMessage[], phone: string) => messages.findLast((message) => message.to.endsWith(phone));

interface TextingRoute {
  name: string;
  channel: 'sms' | 'whatsapp';
  purpose: string;
  prepare(from: string): Promise<{ call(phone: string): Promise<Answer>; works(code: string, phone: string): Promise<boolean> }>;
}

/** Sign-in by a texted passcode on `channel`. */
const signIn = (channel: 'sms' | 'whatsapp'): TextingRoute => ({
  name: `${channel} passcode (login_or_create)`,
  channel,
  purpose: 'passcode',
  async prepare(from) {
    let methodId = '';
    return {
      async call(phone) {
        const sent = await post(OTP[channel], { phone_number: phone }, from);
        if (sent.status === 200) methodId = sent.body.method_id;
        return sent;
      },
      async works(code) {
        const used = await post(OTP.authenticate, { method_id: methodId, code }, from);
        if (used.status !== 200) expectError(used, 401, 'otp_code_not_found');
        return used.status === 200;
      },
    };
  },
});

/** The account page adding a number, texted on `channel`. */
const accountPhone = (channel: 'sms' | 'whatsapp'): TextingRoute => ({
  name: `the account page's ${channel} passcode (phone_numbers/start)`,
  channel,
  purpose: 'account_passcode',
  async prepare(from) {
    const session = (await s.signInByLink(uniqueEmail('phone-owner'), from)).session_token;
    return {
      call: (phone) => post(account('phone_numbers/start'), { phone_number: phone, channel }, from, session),
      async works(code, phone) {
        const added = await post(account('phone_numbers/add'), { phone_number: phone, code }, from, session);
        if (added.status !== 200) expectError(added, 401, 'otp_code_not_found');
        return added.status === 200;
      },
    };
  },
});

describe.each([signIn('sms'), signIn('whatsapp'), accountPhone('sms'), accountPhone('whatsapp')])('$name, when the text cannot go out', (route) => {
  it('answers 503 (provider stopped) or 502 (refused: 400, 500) delivery_failed, logged; the refused text carries no code that works; once the provider accepts, the text goes and works though the failures outnumber the number limit', async () => {
    const phone = uniquePhone();
    const from = loopback();
    const { call, works } = await route.prepare(from);
    const failures = log.failures().length;
    const name = route.channel === 'sms' ? 'text message' : 'WhatsApp message';

    await api.set('down');
    const down = await call(phone);
    expectError(down, 503, 'delivery_failed');
    expect(down.body.error_message).toBe(`The ${name} could not be sent. Please try again.`);

    // The number's limit is 5 sends in 10 minutes: these failures are past it, and none counts.
    const refused: Answer[] = [];
    for (const mode of ['refuse-400', 'refuse-500', 'refuse-400', 'refuse-500', 'refuse-400'] as const) {
      await api.set(mode);
      refused.push(await call(phone));
    }
    for (const answer of refused) expectError(answer, 502, 'delivery_failed');
    const refusedCode = codeIn(lastTo(api.refused, phone)!.body);

    const logged = log.failures().slice(failures);
    expect(logged.map((line) => line.details.request_id)).toEqual([down, ...refused].map((answer) => answer.body.request_id));
    for (const line of logged) expect(line.details).toMatchObject({ channel: route.channel, purpose: route.purpose, provider: 'twilio' });
    expect(logged[0]!.details).toMatchObject({ failure: 'unreachable', reason: 'ECONNREFUSED' });
    expect(logged[1]!.details).toMatchObject({ failure: 'refused', status: 400, code: 21211 });
    expect(logged[2]!.details).toMatchObject({ failure: 'refused', status: 500, code: 20500 });
    // Twilio's refusal named the number: the log names none, nor the credentials.
    expect(logged[1]!.details.reply).toBe(`The 'To' number ${route.channel === 'whatsapp' ? 'whatsapp:' : ''}<number> is not a valid phone number.`);
    expect(JSON.stringify(logged)).not.toContain(phone.slice(1));
    expect(JSON.stringify(log.lines)).not.toContain(AUTH_TOKEN);
    expect(JSON.stringify(log.lines)).not.toContain(refusedCode);
    expect(await s.outbox(phone)).toEqual([]);

    await api.set('accept');
    const sent = await call(phone);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const delivered = codeIn(lastTo(api.received, phone)!.body);
    expect((await s.outbox(phone)).length).toBe(1);
    if (refusedCode !== delivered) expect(await works(refusedCode, phone)).toBe(false);
    expect(await works(delivered, phone)).toBe(true);
  });
});
