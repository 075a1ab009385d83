import { createHash } from 'node:crypto';
import { tryAgainIn } from '../src/http/limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { randomIp, startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { DEAD_PASSCODE, E164_MESSAGE, INVALID_PASSCODE, LOCKED, OTP, sendOtp, uniquePhone, wrongCode } from './helpers/otp.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    project: {
      otpTemplates: {
        welcome: { subject: 'Welcome to {projectName}', text: 'Welcome to {projectName} <team>! Your code is {code}. Valid {minutes} min.' },
        returning: { text: 'Back again? Your code: {code}' },
      },
    } as any,
  });
});
afterAll(() => h.close());

/** One client address for every passcode entry here: wrong codes are counted per user and address. */
const CLIENT = randomIp();
const auth = (code: string, method_id: string, extra: Record<string, unknown> = {}, session?: string) =>
  h.json('POST', OTP.authenticate, { code, method_id, ...extra }, { session, ip: CLIENT });

describe('email passcodes', () => {
  it('signs up a new address: creates the user, emails a 6-digit code valid 5 minutes, and the code signs in', async () => {
    const email = uniqueEmail('Otp.New');
    const { response, code, message } = await sendOtp(h, 'email', email);
    expect(response).toMatchObject({ status_code: 200, user_created: true, request_id: expect.any(String) });
    expect(response.user_id).toMatch(/^user-/);
    expect(response.method_id).toMatch(/^email-/);
    expect(message.channel).toBe('email');
    expect(message.subject).toBe('Your Vestibule Demo verification code');
    expect(message.text).toContain(`Your Vestibule Demo code is ${code}. It expires in 5 minutes.`);
    expect(message.html).toContain(code);
    expect(message.html).toContain('Vestibule Demo');
    expect(code).toMatch(/^\d{6}$/);

    const signedIn = await auth(code, response.method_id);
    expect(signedIn.status).toBe(200);
    const session = signedIn.body as SessionResponse;
    expect(session.user_id).toBe(response.user_id);
    expect(session.user.status).toBe('active');
    expect(session.user.emails).toEqual([{ email_id: response.method_id, email: email.toLowerCase(), verified: true, primary: true }]);
    expect(session.session.authentication_factors).toEqual([
      {
        type: 'otp',
        delivery_method: 'email',
        last_authenticated_at: expect.any(String),
        email_factor: { email_id: response.method_id, email_address: email.toLowerCase() },
      },
    ]);
    expect(Date.parse(session.session.expires_at) - Date.parse(session.session.started_at)).toBe(30 * 60_000);
    const me = await h.json('GET', '/sdk/v1/users/me', undefined, { session: session.session_token });
    expect(me.body.user_id).toBe(response.user_id);
  });

  it('logs in a known address (user_created false, same user and method); session_duration_minutes is honoured', async () => {
    const email = uniqueEmail();
    const first = await h.signIn(email);
    const { response, code } = await sendOtp(h, 'email', email.toUpperCase());
    expect(response).toMatchObject({ user_created: false, user_id: first.user_id, method_id: first.user.emails[0]!.email_id });
    const signedIn = await auth(code, response.method_id, { session_duration_minutes: 60 });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.session.session_id).not.toBe(first.session.session_id);
    expect(Date.parse(signedIn.body.session.expires_at) - Date.parse(signedIn.body.session.started_at)).toBe(60 * 60_000);
  });

  it('adds the passcode factor to the Bearer session of the same user', async () => {
    const email = uniqueEmail();
    const first = await h.signIn(email);
    const { response, code } = await sendOtp(h, 'email', email);
    const added = await auth(code, response.method_id, {}, first.session_token);
    expect(added.status).toBe(200);
    expect(added.body.session.session_id).toBe(first.session.session_id);
    expect(added.body.session_token).toBe(first.session_token);
    expect(added.body.session.authentication_factors.map((f: any) => `${f.type}/${f.delivery_method}`)).toEqual(['magic_link/email', 'otp/email']);
  });

  it('refuses a bad address (400 invalid_email) and an out-of-range expiration (400 invalid_duration)', async () => {
    const bad = await h.json('POST', OTP.email, { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_type: 'invalid_email', error_message: 'Email format is invalid.' });
    for (const expiration_minutes of [0, 31]) {
      const r = await h.json('POST', OTP.email, { email: uniqueEmail(), expiration_minutes });
      expect(r.status).toBe(400);
      expect(r.body.error_type).toBe('invalid_duration');
      expect(r.body.error_message).toContain('1 and 30');
    }
  });
});

describe('passcode rules', () => {
  it('stores only a keyed hash of the code', async () => {
    const { response, code } = await sendOtp(h, 'email', uniqueEmail());
    const row = await h.server.db
      .selectFrom('one_time_secrets')
      .selectAll()
      .where('purpose', '=', 'passcode')
      .where('subject', '=', response.method_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.secret_hash).not.toBe(createHash('sha256').update(`${response.method_id}\n${code}`).digest('hex'));
    // The key is derived from the server secret, which is not in the database.
    expect(await h.server.db.selectFrom('server_secrets').select('name').execute()).toEqual([{ name: 'secret_check' }]);
  });

  it('uses a code only once: used, it no longer works (401 otp_code_expired)', async () => {
    const { response, code } = await sendOtp(h, 'email', uniqueEmail());
    expect((await auth(code, response.method_id)).status).toBe(200);
    const again = await auth(code, response.method_id);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error_type: 'otp_code_expired', error_message: DEAD_PASSCODE });
  });

  it('expires after 5 minutes by default; expiration_minutes is honoured', async () => {
    const expired = await sendOtp(h, 'email', uniqueEmail());
    h.clock.advanceMinutes(5);
    expect((await auth(expired.code, expired.response.method_id)).body).toMatchObject({ error_type: 'otp_code_expired', error_message: DEAD_PASSCODE });

    const fresh = await sendOtp(h, 'email', uniqueEmail());
    h.clock.advanceMinutes(4.9);
    expect((await auth(fresh.code, fresh.response.method_id)).status).toBe(200);

    const long = await sendOtp(h, 'email', uniqueEmail(), { expiration_minutes: 10 });
    expect(long.message.text).toContain('It expires in 10 minutes.');
    h.clock.advanceMinutes(9.9);
    expect((await auth(long.code, long.response.method_id)).status).toBe(200);

    const short = await sendOtp(h, 'email', uniqueEmail(), { expiration_minutes: 1 });
    expect(short.message.text).toContain('It expires in 1 minute.');
    h.clock.advanceMinutes(1);
    expect((await auth(short.code, short.response.method_id)).status).toBe(401);
  });

  it('a new code replaces the previous one', async () => {
    const email = uniqueEmail();
    const first = await sendOtp(h, 'email', email);
    const second = await sendOtp(h, 'email', email);
    expect(second.response.method_id).toBe(first.response.method_id);
    if (first.code !== second.code) {
      const old = await auth(first.code, first.response.method_id);
      expect(old.status).toBe(401);
      expect(old.body.error_type).toBe('otp_code_not_found');
    }
    expect((await auth(second.code, second.response.method_id)).status).toBe(200);
  });

  it('a wrong code is 401 otp_code_not_found; the right one still works within 5 tries', async () => {
    const { response, code } = await sendOtp(h, 'email', uniqueEmail());
    for (let i = 0; i < 4; i++) {
      const wrong = await auth(wrongCode(code), response.method_id);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ error_type: 'otp_code_not_found', error_message: INVALID_PASSCODE });
    }
    expect((await auth(code, response.method_id)).status).toBe(200);
  });

  it('the 5th wrong code says the code is dead; after it even the right one is refused with 401 otp_code_expired', async () => {
    const email = uniqueEmail();
    const { response, code } = await sendOtp(h, 'email', email);
    for (let i = 0; i < 5; i++) {
      const wrong = await auth(wrongCode(code), response.method_id);
      expect(wrong.status).toBe(401);
      // Four wrong guesses are just wrong; the 5th used the last try, and its answer says so.
      expect(wrong.body.error_type).toBe(i < 4 ? 'otp_code_not_found' : 'otp_code_expired');
    }
    const right = await auth(code, response.method_id);
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({ error_type: 'otp_code_expired', error_message: DEAD_PASSCODE });
    expect((await auth(wrongCode(code), response.method_id)).body.error_type).toBe('otp_code_expired');
    // A new code works again.
    const fresh = await sendOtp(h, 'email', email);
    expect((await auth(fresh.code, fresh.response.method_id)).status).toBe(200);
  });

  it('10 wrong codes within an hour lock the user for 30 minutes, even against the right code; then it works again', async () => {
    const email = uniqueEmail();
    const a = await sendOtp(h, 'email', email);
    for (let i = 0; i < 5; i++) expect((await auth(wrongCode(a.code), a.response.method_id)).status).toBe(401);
    const b = await sendOtp(h, 'email', email);
    for (let i = 0; i < 4; i++) expect((await auth(wrongCode(b.code), b.response.method_id)).status).toBe(401);
    const tenth = await auth(wrongCode(b.code), b.response.method_id);
    expect(tenth.status).toBe(429);
    expect(tenth.body).toMatchObject({ error_type: 'user_lock_limit_reached', error_message: LOCKED });
    expect(tenth.headers.get('Retry-After')).toBe('1800');

    const c = await sendOtp(h, 'email', email);
    const refused = await auth(c.code, c.response.method_id);
    expect(refused.status).toBe(429);
    expect(refused.body.error_type).toBe('user_lock_limit_reached');
    h.clock.advanceMinutes(29);
    // Locked users are refused before the code is even looked at (c has expired meanwhile).
    expect((await auth(c.code, c.response.method_id)).body.error_type).toBe('user_lock_limit_reached');

    const d = await sendOtp(h, 'email', email);
    const stillLocked = await auth(d.code, d.response.method_id);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers.get('Retry-After'))).toBe(60);
    h.clock.advanceMinutes(1);
    const after = await auth(d.code, d.response.method_id);
    expect(after.status).toBe(200);
    expect(after.body.user_id).toBe(a.response.user_id);
  });

  it('refuses a code that is not 6 digits (400 invalid_code) and an unknown method_id (401 otp_code_not_found)', async () => {
    const { response } = await sendOtp(h, 'email', uniqueEmail());
    for (const code of ['12345', '1234567', 'abcdef', '12 345', '', '１２３４５６']) {
      const r = await auth(code, response.method_id);
      expect(r.status, code).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'invalid_code', error_message: 'Code format is invalid, please try again.' });
    }
    const unknown = await auth('123456', 'email-00000000-0000-0000-0000-000000000000');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error_type: 'otp_code_not_found', error_message: INVALID_PASSCODE });
  });
});

describe('send rate limits', () => {
  it('allows 5 passcodes per destination per 10 minutes, then 429 with Retry-After', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await h.json('POST', OTP.email, { email })).status).toBe(200);
    const limited = await h.json('POST', OTP.email, { email });
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('too_many_requests');
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The person reads when to try again, the same wait as Retry-After.
    expect(limited.body.error_message).toBe(`Too many passcodes requested for this destination. ${tryAgainIn(retryAfter)}`);
    // The same limit holds for a phone number, across SMS and WhatsApp.
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) expect((await h.json('POST', i % 2 ? OTP.whatsapp : OTP.sms, { phone_number: phone })).status).toBe(200);
    expect((await h.json('POST', OTP.sms, { phone_number: phone })).status).toBe(429);
    h.clock.advanceMinutes(10);
    expect((await h.json('POST', OTP.email, { email })).status).toBe(200);
  });

  it('allows 50 passcodes per client IP per 10 minutes, then 429; other IPs are unaffected', async () => {
    const ip = randomIp();
    for (let i = 0; i < 50; i++) expect((await h.json('POST', OTP.email, { email: uniqueEmail('ip') }, { ip })).status).toBe(200);
    const limited = await h.json('POST', OTP.sms, { phone_number: uniquePhone() }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error_message).toContain('from this network');
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    expect((await h.json('POST', OTP.email, { email: uniqueEmail() }, { ip: randomIp() })).status).toBe(200);
  });
});

describe('SMS and WhatsApp passcodes (development outbox)', () => {
  it('texts a code by SMS, creating the user by phone number; the code verifies the number', async () => {
    const phone = uniquePhone();
    const { response, code, message } = await sendOtp(h, 'sms', phone);
    expect(response).toMatchObject({ status_code: 200, user_created: true });
    expect(response.method_id).toMatch(/^phone-/);
    expect(message).toMatchObject({ channel: 'sms', to: phone, subject: null, html: null });
    expect(message.text).toBe(`Your Vestibule Demo code is ${code}. It expires in 5 minutes.`);

    const signedIn = await auth(code, response.method_id);
    expect(signedIn.status).toBe(200);
    const session = signedIn.body as SessionResponse;
    expect(session.user.phone_numbers).toEqual([{ phone_id: response.method_id, phone_number: phone, verified: true, primary: true }]);
    expect(session.user.emails).toEqual([]);
    expect(session.session.authentication_factors).toEqual([
      {
        type: 'otp',
        delivery_method: 'sms',
        last_authenticated_at: expect.any(String),
        phone_number_factor: { phone_id: response.method_id, phone_number: phone },
      },
    ]);

    // WhatsApp to the same number: the same user and phone_id; with the Bearer session it adds a factor.
    const wa = await sendOtp(h, 'whatsapp', phone);
    expect(wa.response).toMatchObject({ user_created: false, user_id: response.user_id, method_id: response.method_id });
    expect(wa.message).toMatchObject({ channel: 'whatsapp', to: phone, subject: null, html: null });
    const added = await auth(wa.code, wa.response.method_id, {}, session.session_token);
    expect(added.body.session.session_id).toBe(session.session.session_id);
    expect(added.body.session.authentication_factors.map((f: any) => f.delivery_method)).toEqual(['sms', 'whatsapp']);
  });

  it('refuses numbers that are not valid E.164 (400 invalid_phone_number) and unknown country codes', async () => {
    for (const phone_number of ['4155552671', '+1 415 555 2671', '+1415', '+14155552671x', '', '+5215512345678', '0014155552671']) {
      const r = await h.json('POST', OTP.sms, { phone_number });
      expect(r.status, phone_number).toBe(400);
      expect(r.body).toMatchObject({ error_type: 'invalid_phone_number', error_message: E164_MESSAGE });
    }
    const unknown = await h.json('POST', OTP.whatsapp, { phone_number: '+999123456789' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_type).toBe('invalid_phone_number_country_code');
  });
});

describe('wording: locales and templates', () => {
  it("built-in wording in the widgets' languages; regions fall back to the language, unknown locales to English", async () => {
    const es = await sendOtp(h, 'email', uniqueEmail(), { locale: 'es' });
    expect(es.message.subject).toBe('Tu código de verificación de Vestibule Demo');
    expect(es.message.text).toContain(`Tu código de Vestibule Demo es ${es.code}. Caduca en 5 minutos.`);
    const fr = await sendOtp(h, 'email', uniqueEmail(), { locale: 'fr-CA' });
    expect(fr.message.subject).toBe('Votre code de vérification Vestibule Demo');
    expect(fr.message.text).toContain(`Votre code Vestibule Demo est ${fr.code}. Il expire dans 5 minutes.`);
    const de = await sendOtp(h, 'email', uniqueEmail(), { locale: 'de-DE' });
    expect(de.message.text).toContain(`Ihr Code für Vestibule Demo lautet ${de.code}. Er läuft in 5 Minuten ab.`);
    const ko = await sendOtp(h, 'email', uniqueEmail(), { locale: 'ko-KR' });
    expect(ko.message.text).toContain(`Your Vestibule Demo code is ${ko.code}.`);
    const sms = await sendOtp(h, 'sms', uniquePhone(), { locale: 'es-MX', expiration_minutes: 1 });
    expect(sms.message.text).toBe(`Tu código de Vestibule Demo es ${sms.code}. Caduca en 1 minuto.`);
    const wa = await sendOtp(h, 'whatsapp', uniquePhone(), { locale: 'fr' });
    expect(wa.message.text).toBe(`Votre code Vestibule Demo est ${wa.code}. Il expire dans 5 minutes.`);
  });

  it('signup_template_id words the email to a new user, login_template_id to a known one; html is escaped', async () => {
    const email = uniqueEmail();
    const ids = { signup_template_id: 'welcome', login_template_id: 'returning' };
    const signup = await sendOtp(h, 'email', email, ids);
    expect(signup.message.subject).toBe('Welcome to Vestibule Demo');
    expect(signup.message.text).toBe(`Welcome to Vestibule Demo <team>! Your code is ${signup.code}. Valid 5 min.`);
    expect(signup.message.html).toContain('&lt;team&gt;');
    expect(signup.message.html).not.toContain('<team>');
    const login = await sendOtp(h, 'email', email, ids);
    expect(login.message.text).toBe(`Back again? Your code: ${login.code}`);
    expect(login.message.subject).toBe('Your Vestibule Demo verification code');
    expect((await auth(login.code, login.response.method_id)).status).toBe(200);
  });

  it('an unknown template id is 400 bad_request naming it', async () => {
    const r = await h.json('POST', OTP.email, { email: uniqueEmail(), login_template_id: 'nope' });
    expect(r.status).toBe(400);
    expect(r.body.error_type).toBe('bad_request');
    expect(r.body.error_message).toContain('"nope"');
    expect(r.body.error_message).toContain('login_template_id');
  });
});
