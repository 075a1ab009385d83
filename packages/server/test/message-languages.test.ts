import { describe, expect, it } from 'vitest';
import { durationWords, minutesWords } from '../src/delivery/duration-words.js';
import { durationText } from '../src/delivery/email-parts.js';
import type { EmailMessage } from '../src/delivery/email-sender.js';
import { LOCALES, type Locale } from '@vestibule/contract';
import { messageLanguage } from '../src/delivery/languages.js';
import { magicLinkEmail } from '../src/features/magic-links/magic-link-email.js';
import { otpEmail, otpText } from '../src/features/otps/otp-messages.js';
import { resetPasswordEmail } from '../src/features/passwords/reset-email.js';
import { lockAlertEmail } from '../src/features/two-step/lock-alert.js';

/** The emails and texts the server sends, in the seven languages the widgets speak (delivery/languages.ts). */

const to = 'ada@example.com';
const LINK = 'https://app.example/in?t=1&u=2';
const RESET = 'https://app.example/reset?t=3';

/** Every message kind in a language, for a project name. */
const everyMessage = (locale: string | undefined, projectName = 'Acme') => ({
  passcodeText: otpText({ projectName, code: '123456', minutes: 5, locale, template: null }),
  passcodeEmail: otpEmail({ to, projectName, code: '123456', minutes: 5, locale, template: null }),
  login: magicLinkEmail({ to, projectName, link: LINK, kind: 'login', expirationMinutes: 30, locale }),
  signup: magicLinkEmail({ to, projectName, link: LINK, kind: 'signup', expirationMinutes: 1440, locale }),
  reset: resetPasswordEmail({ to, projectName, resetLink: RESET, expirationMinutes: 60, loginLink: LINK, loginExpirationMinutes: 2880, locale }),
  lockAlert: lockAlertEmail({ to, projectName, minutes: 15, locale }),
});
const emailsOf = (messages: ReturnType<typeof everyMessage>): [string, EmailMessage][] =>
  Object.entries(messages).filter((entry): entry is [string, EmailMessage] => typeof entry[1] !== 'string');

describe('the language of a message', () => {
  it('is a shipped language in any case, else the first with its language, else English', () => {
    expect(LOCALES).toEqual(['en', 'de', 'fr', 'es', 'ja', 'pt-BR', 'ar']);
    for (const language of LOCALES) {
      expect(messageLanguage(language)).toBe(language);
      expect(messageLanguage(language.toUpperCase())).toBe(language);
    }
    expect(messageLanguage('pt-br')).toBe('pt-BR');
    expect(messageLanguage('de-AT')).toBe('de');
    expect(messageLanguage('pt-PT')).toBe('pt-BR');
    expect(messageLanguage('pt')).toBe('pt-BR');
    expect(messageLanguage('en-GB')).toBe('en');
    expect(messageLanguage('fr-CA')).toBe('fr');
    expect(messageLanguage('ja-JP')).toBe('ja');
    expect(messageLanguage('ar-EG')).toBe('ar');
    // Kept from the passcodes' first rule: '_' separates too, and spaces around are dropped.
    expect(messageLanguage('es_MX')).toBe('es');
    expect(messageLanguage(' de ')).toBe('de');
  });

  it('is English for anything else, or nothing', () => {
    for (const tag of [undefined, '', '   ', 'ko', 'zh-Hans-CN', 'x'.repeat(35), 'eng', 'deutsch', '-de', '*'])
      expect(messageLanguage(tag), String(tag)).toBe('en');
  });
});

describe('durations in words', () => {
  it('in English, as durationText always said them', () => {
    for (const minutes of [1, 2, 15, 59, 60, 90, 120, 1001, 1440, 2880, 10080]) expect(durationWords(minutes, 'en')).toBe(durationText(minutes));
    expect([1, 5].map((minutes) => minutesWords(minutes, 'en'))).toEqual(['1 minute', '5 minutes']);
  });

  it('in the other languages, with their plurals: whole days as days, whole hours as hours', () => {
    expect([1, 30, 60, 120, 1440, 2880].map((minutes) => durationWords(minutes, 'de'))).toEqual([
      '1 Minute',
      '30 Minuten',
      '1 Stunde',
      '2 Stunden',
      '1 Tag',
      '2 Tage',
    ]);
    // French keeps a number with its hours and days by a no-break space, as Intl writes them.
    expect([30, 60, 2880].map((minutes) => durationWords(minutes, 'fr'))).toEqual(['30 minutes', '1\u00a0heure', '2\u00a0jours']);
    expect([1, 60, 2880].map((minutes) => durationWords(minutes, 'es'))).toEqual(['1 minuto', '1 hora', '2 días']);
    expect([30, 60, 1440].map((minutes) => durationWords(minutes, 'ja'))).toEqual(['30 分', '1 時間', '1 日']);
    expect([1, 60, 2880].map((minutes) => durationWords(minutes, 'pt-BR'))).toEqual(['1 minuto', '1 hora', '2 dias']);
    expect([1, 2, 5, 60, 2880].map((minutes) => durationWords(minutes, 'ar'))).toEqual(['دقيقة', 'دقيقتان', '5 دقائق', 'ساعة', 'يومان']);
    expect(minutesWords(120, 'de')).toBe('120 Minuten');
  });
});

describe('English, byte for byte as before', () => {
  const project = 'Acme & Co';

  it('the login email', () => {
    expect(magicLinkEmail({ to, projectName: project, link: LINK, kind: 'login', expirationMinutes: 90 })).toEqual({
      to,
      subject: 'Your Acme & Co login link',
      text: 'Hello,\n\nClick the link below to log in on Acme & Co:\n\nhttps://app.example/in?t=1&u=2\n\nThis link is valid for 90 minutes and works only once.\nIf you did not ask for it, you can ignore this email.',
      html: `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Click the button below to log in on Acme &amp; Co:</p>
<p><a href="https://app.example/in?t=1&amp;u=2" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">Log in to Acme &amp; Co</a></p>
<p>Or paste this link into your browser:<br><a href="https://app.example/in?t=1&amp;u=2">https://app.example/in?t=1&amp;u=2</a></p>
<p>This link is valid for 90 minutes and works only once. If you did not ask for it, you can ignore this email.</p>
</body></html>`,
    });
  });

  it('the sign-up email', () => {
    const message = magicLinkEmail({ to, projectName: project, link: LINK, kind: 'signup', expirationMinutes: 1440, locale: 'en-US' });
    expect(message.subject).toBe('Finish signing up to Acme & Co');
    expect(message.text).toBe(
      'Hello,\n\nClick the link below to finish creating your account on Acme & Co:\n\nhttps://app.example/in?t=1&u=2\n\nThis link is valid for 1 day and works only once.\nIf you did not ask for it, you can ignore this email.',
    );
    expect(message.html).toContain('<p>Click the button below to finish creating your account on Acme &amp; Co:</p>');
    expect(message.html).toContain('border-radius:4px">Finish signing up to Acme &amp; Co</a></p>');
  });

  it('the password-reset email', () => {
    expect(resetPasswordEmail({ to, projectName: project, resetLink: RESET, expirationMinutes: 30, loginLink: LINK, loginExpirationMinutes: 1440 })).toEqual({
      to,
      subject: 'Reset your Acme & Co password',
      text: 'Hello,\n\nClick the link below to set a new password for Acme & Co:\n\nhttps://app.example/reset?t=3\n\nThis link is valid for 30 minutes and works only once.\n\nOr log in without a password (valid for 1 day):\n\nhttps://app.example/in?t=1&u=2\n\nIf you did not ask for this, you can ignore this email; your password has not changed.',
      html: `<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">
<p>Hello,</p>
<p>Click the button below to set a new password for Acme &amp; Co:</p>
<p><a href="https://app.example/reset?t=3" style="display:inline-block;padding:10px 18px;background:#19303d;color:#fff;text-decoration:none;border-radius:4px">Reset your password</a></p>
<p>Or paste this link into your browser:<br><a href="https://app.example/reset?t=3">https://app.example/reset?t=3</a></p>
<p>This link is valid for 30 minutes and works only once.</p>
<p><a href="https://app.example/in?t=1&amp;u=2">Log in without a password</a> instead (valid for 1 day).</p>
<p>If you did not ask for this, you can ignore this email; your password has not changed.</p>
</body></html>`,
    });
  });

  it('the two-step lock alert', () => {
    expect(lockAlertEmail({ to, projectName: project, minutes: 15 })).toEqual({
      to,
      subject: 'Someone is trying to sign in to your Acme & Co account',
      text: 'Hello,\n\nSomeone signed in to Acme & Co as you and then entered wrong codes from your authenticator app many times, so the second step is paused for 15 minutes.\n\nIf this was not you, someone else knows your password or can sign in another way you use. Reset your password now, and check the ways you sign in and the signed-in devices on your account page.\n\nIf it was you, wait until the pause ends, then enter the current code from your app, or one of your recovery codes.',
      html: '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5"><p>Hello,</p>\n<p>Someone signed in to Acme &amp; Co as you and then entered wrong codes from your authenticator app many times, so the second step is paused for 15 minutes.</p>\n<p>If this was not you, someone else knows your password or can sign in another way you use. Reset your password now, and check the ways you sign in and the signed-in devices on your account page.</p>\n<p>If it was you, wait until the pause ends, then enter the current code from your app, or one of your recovery codes.</p></body></html>',
    });
  });

  it('the passcode email and text', () => {
    expect(otpText({ projectName: project, code: '123456', minutes: 1, locale: undefined, template: null })).toBe(
      'Your Acme & Co code is 123456. It expires in 1 minute.',
    );
    expect(otpEmail({ to, projectName: project, code: '123456', minutes: 5, locale: 'en', template: null })).toEqual({
      to,
      subject: 'Your Acme & Co verification code',
      text: 'Your Acme & Co code is 123456. It expires in 5 minutes.\n\nIf you did not ask for this code, you can ignore this email.',
      html: '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">\n<p>Your Acme &amp; Co code is <strong style="font-size:1.4em;letter-spacing:0.15em">123456</strong>. It expires in 5 minutes.</p>\n<p>If you did not ask for this code, you can ignore this email.</p>\n</body></html>',
    });
  });

  it('an unknown or absent locale is English, the same message', () => {
    const english = everyMessage(undefined);
    for (const tag of ['ko', 'en-GB', 'x-klingon', '']) expect(everyMessage(tag)).toEqual(english);
  });
});

/** Each language's subjects, and a sentence of each message's text. */
const WORDS: Record<Exclude<Locale, 'en'>, Record<keyof ReturnType<typeof everyMessage>, [subject: string, sentence: string]>> = {
  de: {
    passcodeText: ['', 'Ihr Code für Acme lautet 123456. Er läuft in 5 Minuten ab.'],
    passcodeEmail: ['Ihr Bestätigungscode für Acme', 'Wenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren.'],
    login: ['Ihr Anmeldelink für Acme', 'Klicken Sie auf den folgenden Link, um sich bei Acme anzumelden:'],
    signup: ['Schließen Sie Ihre Registrierung bei Acme ab', 'Dieser Link ist 1 Tag lang gültig und funktioniert nur einmal.'],
    reset: ['Setzen Sie Ihr Passwort für Acme zurück', 'Oder melden Sie sich ohne Passwort an (2 Tage lang gültig):'],
    lockAlert: ['Jemand versucht, sich bei Ihrem Konto bei Acme anzumelden', 'Deshalb ist der zweite Schritt für 15 Minuten gesperrt.'],
  },
  fr: {
    passcodeText: ['', 'Votre code Acme est 123456. Il expire dans 5 minutes.'],
    passcodeEmail: ['Votre code de vérification Acme', "Si vous n'avez pas demandé ce code, vous pouvez ignorer cet e-mail."],
    login: ['Votre lien de connexion Acme', 'Cliquez sur le lien ci-dessous pour vous connecter à Acme :'],
    signup: ['Terminez votre inscription à Acme', 'Ce lien est valable 1\u00a0jour et ne fonctionne qu’une seule fois.'],
    reset: ['Réinitialisez votre mot de passe Acme', 'Ou connectez-vous sans mot de passe (lien valable 2\u00a0jours) :'],
    lockAlert: ['Quelqu’un essaie de se connecter à votre compte Acme', 'la deuxième étape est donc suspendue pendant 15 minutes.'],
  },
  es: {
    passcodeText: ['', 'Tu código de Acme es 123456. Caduca en 5 minutos.'],
    passcodeEmail: ['Tu código de verificación de Acme', 'Si no has solicitado este código, puedes ignorar este correo.'],
    login: ['Tu enlace de inicio de sesión de Acme', 'Haz clic en el siguiente enlace para iniciar sesión en Acme:'],
    signup: ['Termina de registrarte en Acme', 'Este enlace es válido durante 1 día y solo funciona una vez.'],
    reset: ['Restablece tu contraseña de Acme', 'O inicia sesión sin contraseña (válido durante 2 días):'],
    lockAlert: ['Alguien está intentando iniciar sesión en tu cuenta de Acme', 'el segundo paso está en pausa durante 15 minutos.'],
  },
  ja: {
    passcodeText: ['', 'Acme の確認コードは 123456 です。5 分後に有効期限が切れます。'],
    passcodeEmail: ['Acme の確認コード', 'このコードをリクエストしていない場合は、このメールを無視してください。'],
    login: ['Acme のログインリンク', '以下のリンクをクリックして、Acme にログインしてください。'],
    signup: ['Acme の登録を完了してください', 'このリンクの有効期間は1 日で、一度だけ使用できます。'],
    reset: ['Acme のパスワード再設定', 'または、パスワードなしでログインすることもできます（有効期間：2 日）。'],
    lockAlert: ['Acme のあなたのアカウントへのサインインが試みられています', '2 段階目の確認は15 分のあいだ一時停止されています。'],
  },
  'pt-BR': {
    passcodeText: ['', 'Seu código de Acme é 123456. Ele expira em 5 minutos.'],
    passcodeEmail: ['Seu código de verificação de Acme', 'Se você não solicitou este código, pode ignorar este e-mail.'],
    login: ['Seu link de acesso para Acme', 'Clique no link abaixo para entrar em Acme:'],
    signup: ['Conclua seu cadastro em Acme', 'Este link é válido por 1 dia e funciona apenas uma vez.'],
    reset: ['Redefina sua senha de Acme', 'Ou entre sem senha (válido por 2 dias):'],
    lockAlert: ['Alguém está tentando entrar na sua conta de Acme', 'por isso a segunda etapa está pausada por 15 minutos.'],
  },
  ar: {
    passcodeText: ['', 'رمز Acme الخاص بك هو 123456. مدة صلاحيته 5 دقائق.'],
    passcodeEmail: ['رمز التحقق الخاص بك في Acme', 'إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.'],
    login: ['رابط تسجيل الدخول إلى Acme', 'انقر على الرابط أدناه لتسجيل الدخول إلى Acme:'],
    signup: ['أكمل التسجيل في Acme', 'هذا الرابط يعمل مرة واحدة فقط، ومدة صلاحيته يوم.'],
    reset: ['أعد تعيين كلمة المرور الخاصة بك في Acme', 'أو سجّل الدخول بدون كلمة مرور (مدة صلاحية الرابط يومان):'],
    lockAlert: ['شخص ما يحاول تسجيل الدخول إلى حسابك في Acme', 'ومدة الإيقاف 15 دقيقة.'],
  },
};

describe.each(Object.keys(WORDS) as Exclude<Locale, 'en'>[])('in %s', (language) => {
  const messages = everyMessage(language);
  const words = WORDS[language];

  it('every message is worded in the language', () => {
    expect(messages.passcodeText).toBe(words.passcodeText[1]);
    for (const [kind, message] of emailsOf(messages)) {
      const [subject, sentence] = words[kind as keyof typeof words];
      expect(message.subject, kind).toBe(subject);
      expect(message.text, kind).toContain(sentence);
      expect(message.to).toBe(to);
    }
    // A regional tag of the language words it the same.
    expect(everyMessage(`${language.split('-')[0]}-ZZ`)).toEqual(messages);
  });

  it('every html names its language, right to left for Arabic alone', () => {
    for (const [kind, message] of emailsOf(messages)) {
      expect(message.html.startsWith(`<!doctype html><html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}><body`), kind).toBe(true);
    }
  });

  it('the links and the code go whole, each link on a line of its own in the text', () => {
    const lines = (message: EmailMessage) => message.text.split('\n');
    expect(lines(messages.login)).toContain(LINK);
    expect(lines(messages.signup)).toContain(LINK);
    expect(lines(messages.reset)).toEqual(expect.arrayContaining([RESET, LINK]));
    expect(messages.login.html).toContain('href="https://app.example/in?t=1&amp;u=2"');
    expect(messages.reset.html).toContain('href="https://app.example/reset?t=3"');
    expect(/\b(\d{6})\b/.exec(messages.passcodeText)?.[1]).toBe('123456');
    expect(messages.passcodeEmail.html).toContain('<strong style="font-size:1.4em;letter-spacing:0.15em">123456</strong>');
  });

  it('escapes the project name and links in html as English does, and the words hold nothing to escape', () => {
    const project = '<Acme & "Co">';
    for (const [kind, message] of emailsOf(everyMessage(language, project))) {
      expect(message.html, kind).not.toContain(project);
      expect(message.html, kind).toContain('&lt;Acme &amp; &quot;Co&quot;&gt;');
      expect(message.subject, kind).toContain(project);
      // What the reader sees: no <, > or " outside the tags and attributes, and & only as an entity.
      const content = message.html.replace(/<[^>]*>/g, '');
      expect(content, kind).not.toMatch(/[<>"]|&(?!(amp|lt|gt|quot|#39);)/);
    }
  });
});

describe('custom templates', () => {
  it('stay the project’s own words in any locale; the html names the locale’s language', () => {
    const template = { text: 'Code {code} for {projectName} ({minutes} min)', subject: 'Sign in to {projectName}' };
    const message = otpEmail({ to, projectName: 'Acme', code: '123456', minutes: 5, locale: 'ar', template });
    expect(message.text).toBe('Code 123456 for Acme (5 min)');
    expect(message.subject).toBe('Sign in to Acme');
    expect(message.html.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(otpText({ projectName: 'Acme', code: '123456', minutes: 5, locale: 'de', template })).toBe('Code 123456 for Acme (5 min)');
    // Without a subject of its own, the built-in subject in the language.
    expect(otpEmail({ to, projectName: 'Acme', code: '123456', minutes: 5, locale: 'de', template: { text: '{code}' } }).subject).toBe(
      'Ihr Bestätigungscode für Acme',
    );
  });
});
