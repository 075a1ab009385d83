import { afterAll, describe, expect, it } from 'vitest';
import { tryAgainIn } from '../../src/http/limits.js';
import { loadConfig } from '../../src/index.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { PRODUCTION_ENV, REPO_CONFIG, tempDir, testConfig } from '../helpers/test-config.js';

/**
 * Issue 37: text-message pumping. Fraudsters have a sign-in form text ranges of high-cost numbers,
 * one number at a time, so each number stays under its own limit while the project pays. Numbers
 * alike but for their last three digits count together, and the project's texts per hour have
 * budgets, per country and overall; production must say which countries texts may go to.
 */
const SMS = '/sdk/v1/otps/sms/login_or_create';
const WHATSAPP = '/sdk/v1/otps/whatsapp/login_or_create';
const servers: ListeningServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const unlimited = { limit: 1_000_000, windowSeconds: 600 };
/** Only the guard under test bites: the per-client and per-number limits are out of the way. */
async function listening(overrides: Parameters<typeof startListening>[0], logger?: Parameters<typeof startListening>[2]) {
  const s = await startListening({ ...overrides, rateLimits: { ...testConfig().rateLimits, otpPerIp: unlimited, ...overrides?.rateLimits } }, {}, logger);
  servers.push(s);
  return s;
}
const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

describe('a range of numbers', () => {
  it('11 numbers of one range: the 11th is refused, across SMS and WhatsApp; another range is not affected', async () => {
    const s = await listening({});
    const range = `+1650${200 + Math.floor(Math.random() * 800)}${randomDigits(1)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await s.send('POST', i % 2 ? WHATSAPP : SMS, { phone_number: `${range}${String(i).padStart(3, '0')}` })).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const eleventh = await s.send('POST', SMS, { phone_number: `${range}999` });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error_type).toBe('too_many_requests');
    expect(eleventh.body.error_message).toBe(`Too many passcodes requested for numbers like this one. ${tryAgainIn(Number(eleventh.headers['retry-after']))}`);
    expect((await s.send('POST', WHATSAPP, { phone_number: `${range}998` })).status).toBe(429);
    expect(await s.outbox(`${range}999`)).toEqual([]);
    const elsewhere = `+1650${range.slice(5, 8) === '999' ? '998' : '999'}${randomDigits(4)}`;
    expect((await s.send('POST', SMS, { phone_number: elsewhere })).status).toBe(200);
  });
});

describe('the hourly budgets', () => {
  it("past a country's budget texts there are refused in plain words, logged, while other countries, and email, go on; past the project's, all texts stop", async () => {
    const logged: Array<{ message: string; details?: Record<string, unknown> }> = [];
    const s = await listening(
      { smsCountryHourlyBudget: 3, smsHourlyBudget: 5 },
      { info() {}, warn: (message, details) => logged.push({ message, details }), error: (m, d) => console.error(m, d) },
    );
    const gb = () => `+447400${randomDigits(6)}`;
    const us = () => `+1650${200 + Math.floor(Math.random() * 800)}${randomDigits(4)}`;
    for (let i = 0; i < 3; i++) expect((await s.send('POST', i === 1 ? WHATSAPP : SMS, { phone_number: gb() })).status).toBe(200);

    const refused = await s.send('POST', SMS, { phone_number: gb() });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      error_type: 'text_message_budget_exceeded',
      error_message: "We can't send a text message right now. Please use another way to sign in or try again later.",
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(logged).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ budget: 'country', country: 'GB', limit: 3, refused_this_hour: 1 }) }),
    ]);

    // The project had spent 3; two more to another country, then the project's budget is spent.
    expect((await s.send('POST', SMS, { phone_number: us() })).status).toBe(200);
    expect((await s.send('POST', WHATSAPP, { phone_number: us() })).status).toBe(200);
    const spent = await s.send('POST', SMS, { phone_number: us() });
    expect(spent.status).toBe(503);
    expect(spent.body.error_type).toBe('text_message_budget_exceeded');
    expect(logged.at(-1)?.details).toMatchObject({ budget: 'project', country: 'US', limit: 5 });

    // Email sign-in is not a text: it keeps working.
    expect((await s.send('POST', '/sdk/v1/otps/email/login_or_create', { email: uniqueEmail('pumped') })).status).toBe(200);
    expect((await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: uniqueEmail('pumped') })).status).toBe(200);
  });
});

describe('smsCountries in production', () => {
  const production = {
    ...PRODUCTION_ENV,
    SMTP_URL: 'smtp://mail:2525',
    VESTIBULE_DATA_DIR: tempDir(),
    TWILIO_ACCOUNT_SID: 'ACx',
    TWILIO_AUTH_TOKEN: 'tok',
    TWILIO_FROM_NUMBER: '+15005550006',
  };

  it('with a text provider, production refuses to start until the countries are written out, naming the setting', () => {
    expect(() => loadConfig({ file: REPO_CONFIG, env: production })).toThrow(
      /VESTIBULE_SMS_COUNTRIES: required in production when text messages are configured/,
    );
    expect(loadConfig({ file: REPO_CONFIG, env: { ...production, VESTIBULE_SMS_COUNTRIES: 'US,CA' } }).project.smsCountries).toEqual(['US', 'CA']);
    expect(loadConfig({ file: REPO_CONFIG, env: { ...production, VESTIBULE_SMS_COUNTRIES: 'all' } }).project.smsCountries).toBe('all');
    expect(() => loadConfig({ file: REPO_CONFIG, env: { ...production, VESTIBULE_SMS_COUNTRIES: 'US,XX' } })).toThrow(/VESTIBULE_SMS_COUNTRIES/);
  });

  it('without a text provider, or in development, nothing has to be said', () => {
    const { TWILIO_ACCOUNT_SID: _sid, TWILIO_AUTH_TOKEN: _token, TWILIO_FROM_NUMBER: _from, ...noTexts } = production;
    expect(loadConfig({ file: REPO_CONFIG, env: noTexts }).project.smsCountries).toBeNull();
    expect(
      loadConfig({
        file: REPO_CONFIG,
        env: { VESTIBULE_DATA_DIR: tempDir(), TWILIO_ACCOUNT_SID: 'ACx', TWILIO_AUTH_TOKEN: 'tok', TWILIO_FROM_NUMBER: '+15005550006' },
      }).project.smsCountries,
    ).toBeNull();
  });

  it('"all" lets every country through; a list refuses the others', async () => {
    const all = await listening({ project: { ...testConfig().project, smsCountries: 'all' } });
    expect((await all.send('POST', SMS, { phone_number: `+447400${randomDigits(6)}` })).status).toBe(200);
    const listed = await listening({ project: { ...testConfig().project, smsCountries: ['US'] } });
    const refused = await listed.send('POST', SMS, { phone_number: `+447400${randomDigits(6)}` });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_type: 'invalid_phone_number_country_code',
      error_message: 'Phone numbers from GB are not enabled for this project.',
    });
  });
});
