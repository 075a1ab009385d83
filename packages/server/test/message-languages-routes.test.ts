import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { uniqueEmail, type Harness } from './helpers/harness.js';
import { sendOtp, uniquePhone } from './helpers/otp.js';
import { sharedHarness } from './helpers/shared-stack.js';

/** The routes that send an email or a text take `locale` and word it in that language (delivery/languages.ts). */

const MAGIC_LINK = '/sdk/v1/magic_links/email/login_or_create';
const RESET_START = '/sdk/v1/passwords/email/reset/start';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const newestTo = async (to: string) => {
  const [message] = await h.outbox(to);
  if (!message) throw new Error(`Nothing in the outbox for ${to}`);
  return message;
};

describe('a magic link in the language asked', () => {
  it("locale 'de' puts a German sign-up email in the outbox, and 'de-AT' a German login email", async () => {
    const email = uniqueEmail('deutsch');
    const sent = await h.json('POST', MAGIC_LINK, { email, locale: 'de' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const signup = await newestTo(email);
    expect(signup.subject).toBe('Schließen Sie Ihre Registrierung bei Vestibule Demo ab');
    expect(signup.text).toContain('Klicken Sie auf den folgenden Link, um Ihr Konto bei Vestibule Demo fertig einzurichten:');
    expect(signup.text).toContain('Dieser Link ist 30 Minuten lang gültig und funktioniert nur einmal.');
    expect(signup.html).toContain('<html lang="de">');
    // The link still works.
    const token = new URL(/https?:\/\/\S+/.exec(signup.text)![0]).searchParams.get('token')!;
    expect((await h.json<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token })).status).toBe(200);

    expect((await h.json('POST', MAGIC_LINK, { email, locale: 'de-AT' })).status).toBe(200);
    const login = await newestTo(email);
    expect(login.subject).toBe('Ihr Anmeldelink für Vestibule Demo');
  });

  it("locale 'ar' is Arabic, right to left; an unknown locale and none are English", async () => {
    const arabic = uniqueEmail('arabic');
    expect((await h.json('POST', MAGIC_LINK, { email: arabic, locale: 'ar' })).status).toBe(200);
    const message = await newestTo(arabic);
    expect(message.subject).toBe('أكمل التسجيل في Vestibule Demo');
    expect(message.html).toContain('<html lang="ar" dir="rtl">');

    for (const locale of ['ko-KR', undefined]) {
      const email = uniqueEmail('english');
      expect((await h.json('POST', MAGIC_LINK, { email, locale })).status).toBe(200);
      const english = await newestTo(email);
      expect(english.subject).toBe('Finish signing up to Vestibule Demo');
      expect(english.html).toContain('<html lang="en">');
    }
  });

  it('a locale that is not a string of at most 35 characters is 400 bad_request, never 500, and sends nothing', async () => {
    for (const locale of [42, 'x'.repeat(500), 'x'.repeat(36), null, ['de'], { tag: 'de' }, true]) {
      const email = uniqueEmail('bad-locale');
      const answer = await h.json('POST', MAGIC_LINK, { email, locale });
      expect(answer.status, JSON.stringify(locale)).toBe(400);
      expect(answer.body.error_type).toBe('bad_request');
      expect(await h.outbox(email)).toEqual([]);
    }
    // 35 characters are accepted, and English.
    const email = uniqueEmail('long-locale');
    expect((await h.json('POST', MAGIC_LINK, { email, locale: 'x'.repeat(35) })).status).toBe(200);
    expect((await newestTo(email)).subject).toBe('Finish signing up to Vestibule Demo');
  });
});

describe('the other messages in the language asked', () => {
  it('a password-reset email in French', async () => {
    const email = uniqueEmail('francais');
    await h.signIn(email);
    const answer = await h.json('POST', RESET_START, { email, locale: 'fr-FR' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const message = await newestTo(email);
    expect(message.subject).toBe('Réinitialisez votre mot de passe Vestibule Demo');
    expect(message.text).toContain('Cliquez sur le lien ci-dessous pour définir un nouveau mot de passe pour Vestibule Demo :');
    expect(message.html).toContain('<html lang="fr">');
    expect((await h.json('POST', RESET_START, { email, locale: 7 })).body.error_type).toBe('bad_request');
  });

  it('sign-in passcodes in Japanese and Brazilian Portuguese', async () => {
    const email = await sendOtp(h, 'email', uniqueEmail('nihongo'), { locale: 'ja' });
    expect(email.message.subject).toBe('Vestibule Demo の確認コード');
    expect(email.message.text).toContain(`Vestibule Demo の確認コードは ${email.code} です。5 分後に有効期限が切れます。`);
    const text = await sendOtp(h, 'sms', uniquePhone(), { locale: 'pt-PT', expiration_minutes: 1 });
    expect(text.message.text).toBe(`Seu código de Vestibule Demo é ${text.code}. Ele expira em 1 minuto.`);
  });

  it("the account page's passcodes: an address in Japanese, a number in Arabic; a bad locale is 400", async () => {
    const person = await h.signIn(uniqueEmail('account'));
    const session = person.session_token;
    const added = uniqueEmail('added');
    const started = await h.json('POST', '/sdk/v1/account/emails/start', { email: added, locale: 'ja' }, { session });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const message = await newestTo(added);
    expect(message.subject).toBe('Vestibule Demo の確認コード');
    expect(message.html).toContain('<html lang="ja">');

    const phone = uniquePhone();
    const texted = await h.json('POST', '/sdk/v1/account/phone_numbers/start', { phone_number: phone, locale: 'ar' }, { session });
    expect(texted.status, JSON.stringify(texted.body)).toBe(200);
    expect((await newestTo(phone)).text).toMatch(/^رمز Vestibule Demo الخاص بك هو \d{6}\. مدة صلاحيته 5 دقائق\.$/);

    for (const [path, body] of [
      ['emails/start', { email: uniqueEmail('bad'), locale: 1 }],
      ['phone_numbers/start', { phone_number: uniquePhone(), locale: 'x'.repeat(500) }],
    ] as const) {
      const answer = await h.json('POST', `/sdk/v1/account/${path}`, body, { session });
      expect(answer.status, path).toBe(400);
      expect(answer.body.error_type).toBe('bad_request');
    }
  });
});
