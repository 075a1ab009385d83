import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, loadConfig, ConfigError } from '../src/index.js';
import { harnessFor, startHarness, testClock, type Harness } from './helpers/harness.js';
import { E164_MESSAGE, OTP, codeIn, uniquePhone } from './helpers/otp.js';
import { PRODUCTION, REPO_CONFIG, tempDir, testConfig } from './helpers/test-config.js';

/** A local stand-in for the Twilio Messages API that records every request exactly as received. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const REFUSED = '+16502530000';
const HANG_UP = '+16502530001';
let provider: Server;
let requests: Recorded[] = [];
let h: Harness;
let logged: Array<{ message: string; details?: Record<string, unknown> }> = [];

beforeAll(async () => {
  provider = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const to = new URLSearchParams(body).get('To') ?? '';
      if (to.endsWith(HANG_UP)) return req.socket.destroy();
      res.setHeader('Content-Type', 'application/json');
      if (to.endsWith(REFUSED)) {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number is not a valid phone number.",
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          }),
        );
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: 'SM00000000000000000000000000000000', status: 'queued', to, body: new URLSearchParams(body).get('Body') }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  const config = testConfig({
    sms: {
      accountSid: 'AC0123456789abcdef',
      authToken: 'auth-token-secret',
      fromNumber: '+15005550006',
      whatsappFrom: '+14155238886',
      baseUrl: `http://127.0.0.1:${port}`,
    },
    project: { smsCountries: ['US', 'ES'] } as any,
  });
  const clock = testClock();
  const server = await createServer(config, { clock, logger: { info() {}, warn() {}, error: (message, details) => logged.push({ message, details }) } });
  h = harnessFor(server, config, clock);
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => provider.close(resolve));
});

function expectProviderRequest(request: Recorded, fields: { To: string; From: string }) {
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
  expect(request.headers.authorization).toBe(`Basic ${Buffer.from('AC0123456789abcdef:auth-token-secret').toString('base64')}`);
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const form = new URLSearchParams(request.body);
  expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
  expect(form.get('To')).toBe(fields.To);
  expect(form.get('From')).toBe(fields.From);
  return form.get('Body')!;
}

describe('SMS and WhatsApp through the Twilio-style provider', () => {
  it('sends an SMS as the Messages API documents it, and the texted code signs in', async () => {
    requests = [];
    const phone = uniquePhone();
    const send = await h.json('POST', OTP.sms, { phone_number: phone });
    expect(send.status).toBe(200);
    expect(requests).toHaveLength(1);
    const text = expectProviderRequest(requests[0]!, { To: phone, From: '+15005550006' });
    expect(text).toMatch(/^Your Vestibule Demo code is \d{6}\. It expires in 5 minutes\.$/);
    // Development: the outbox has the same message too.
    const [outbox] = await h.outbox(phone);
    expect(outbox).toMatchObject({ channel: 'sms', text, subject: null, html: null });
    const signedIn = await h.json('POST', OTP.authenticate, { code: codeIn(text), method_id: send.body.method_id });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.phone_numbers).toEqual([{ phone_id: send.body.method_id, phone_number: phone, verified: true, primary: true }]);
  });

  it('sends WhatsApp with whatsapp:+E164 in To and From', async () => {
    requests = [];
    const phone = '+34612345678';
    const send = await h.json('POST', OTP.whatsapp, { phone_number: phone, locale: 'es' });
    expect(send.status).toBe(200);
    const text = expectProviderRequest(requests[0]!, { To: `whatsapp:${phone}`, From: 'whatsapp:+14155238886' });
    expect(text).toMatch(/^Tu código de Vestibule Demo es \d{6}\. Caduca en 5 minutos\.$/);
    const signedIn = await h.json('POST', OTP.authenticate, { code: codeIn(text), method_id: send.body.method_id });
    expect(signedIn.body.session.authentication_factors[0]).toMatchObject({ type: 'otp', delivery_method: 'whatsapp' });
  });

  it('a provider error answer is logged and answered 502 delivery_failed, never 500', async () => {
    logged = [];
    const r = await h.json('POST', OTP.sms, { phone_number: REFUSED });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ error_type: 'delivery_failed', error_message: 'The text message could not be sent. Please try again.' });
    expect(logged).toEqual([
      {
        message: 'Message not sent',
        details: expect.objectContaining({ channel: 'sms', provider: 'twilio', status: 400, code: 21211, request_id: r.body.request_id }),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain('auth-token-secret');
  });

  it('a provider that cannot be reached is 503 delivery_failed', async () => {
    const r = await h.json('POST', OTP.whatsapp, { phone_number: HANG_UP });
    expect(r.status).toBe(503);
    expect(r.body.error_type).toBe('delivery_failed');
    expect(r.body.error_message).toContain('WhatsApp');
  });

  it('refuses countries outside smsCountries and country codes that do not exist (400 invalid_phone_number_country_code)', async () => {
    requests = [];
    const uk = await h.json('POST', OTP.sms, { phone_number: '+447400123456' });
    expect(uk.status).toBe(400);
    expect(uk.body).toMatchObject({
      error_type: 'invalid_phone_number_country_code',
      error_message: 'Phone numbers from GB are not enabled for this project.',
    });
    const nonGeographic = await h.json('POST', OTP.sms, { phone_number: '+80012345678' });
    expect(nonGeographic.body.error_type).toBe('invalid_phone_number_country_code');
    const none = await h.json('POST', OTP.whatsapp, { phone_number: '+999123456789' });
    expect(none.status).toBe(400);
    expect(none.body.error_type).toBe('invalid_phone_number_country_code');
    const bad = await h.json('POST', OTP.sms, { phone_number: '+1 650 253 0000' });
    expect(bad.body).toMatchObject({ error_type: 'invalid_phone_number', error_message: E164_MESSAGE });
    expect(requests).toEqual([]);
  });
});

describe('without a provider in production', () => {
  it('answers 503 channel_not_configured for SMS and WhatsApp', async () => {
    const prod = await startHarness(PRODUCTION);
    try {
      for (const [path, name] of [
        [OTP.sms, 'SMS'],
        [OTP.whatsapp, 'WhatsApp'],
      ] as const) {
        const r = await prod.json('POST', path, { phone_number: uniquePhone() });
        expect(r.status).toBe(503);
        expect(r.body.error_type).toBe('channel_not_configured');
        expect(r.body.error_message).toContain(`${name} passcodes are not configured`);
      }
      expect((await prod.call('GET', '/dev/outbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('provider configuration', () => {
  it('reads TWILIO_* variables, defaults the base URL, and names a missing credential', () => {
    const config = loadConfig({
      file: REPO_CONFIG,
      env: { TWILIO_ACCOUNT_SID: 'ACx', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM_NUMBER: '+15005550006', TWILIO_WHATSAPP_FROM: '+14155238886' },
    });
    expect(config.sms).toEqual({
      accountSid: 'ACx',
      authToken: 'tok',
      fromNumber: '+15005550006',
      whatsappFrom: '+14155238886',
      baseUrl: 'https://api.twilio.com',
    });
    expect(loadConfig({ file: REPO_CONFIG, env: {} }).sms).toBeNull();
    expect(loadConfig({ file: REPO_CONFIG, env: {} }).rateLimits).toMatchObject({
      otpPerDestination: { limit: 5, windowSeconds: 600 },
      otpPerIp: { limit: 50, windowSeconds: 600 },
      otpLockout: { maxFailures: 10, windowSeconds: 3600, lockSeconds: 1800 },
    });
    expect(() => loadConfig({ file: REPO_CONFIG, env: { TWILIO_ACCOUNT_SID: 'ACx' } })).toThrow(ConfigError);
    expect(() => loadConfig({ file: REPO_CONFIG, env: { TWILIO_ACCOUNT_SID: 'ACx' } })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ file: REPO_CONFIG, env: { TWILIO_ACCOUNT_SID: 'ACx', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '5550006' } })).toThrow(
      /TWILIO_FROM_NUMBER/,
    );
    expect(() => loadConfig({ file: REPO_CONFIG, env: { TWILIO_ACCOUNT_SID: 'ACx', TWILIO_AUTH_TOKEN: 't', TWILIO_BASE_URL: 'ftp://x' } })).toThrow(
      /TWILIO_BASE_URL/,
    );
  });

  it('checks smsCountries and otpTemplates in the config file, naming the field', () => {
    const withProject = (extra: Record<string, unknown>) => {
      const raw = JSON.parse(readFileSync(REPO_CONFIG, 'utf8'));
      const file = join(tempDir(), 'vestibule.config.json');
      writeFileSync(file, JSON.stringify({ ...raw, project: { ...raw.project, ...extra } }));
      return () => loadConfig({ file, env: {} });
    };
    expect(withProject({ smsCountries: ['US', 'FR'] })().project.smsCountries).toEqual(['US', 'FR']);
    expect(withProject({ smsCountries: ['XX'] })).toThrow(/project\.smsCountries\.0/);
    expect(withProject({ otpTemplates: { t: { text: 'no placeholder' } } })).toThrow(/project\.otpTemplates\.t\.text: must contain the \{code\} placeholder/);
    expect(withProject({ otpTemplates: { t: { text: '{code}', extra: 1 } } })).toThrow(/extra/);
  });
});
