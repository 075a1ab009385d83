import { minutesWords } from '../../delivery/duration-words.js';
import type { Locale } from '@vestibule/contract';

/** The lock alert's words in one language (the html escapes every paragraph). */
export interface LockAlertWording {
  subject(projectName: string): string;
  hello: string;
  /** Who did what, and for how many minutes the second step is paused. */
  paused(projectName: string, minutes: number): string;
  notYou: string;
  wasYou: string;
}

export const LOCK_ALERT_WORDING: Record<Locale, LockAlertWording> = {
  en: {
    subject: (p) => `Someone is trying to sign in to your ${p} account`,
    hello: 'Hello,',
    paused: (p, minutes) =>
      `Someone signed in to ${p} as you and then entered wrong codes from your authenticator app many times, so the second step is paused for ${minutes} minutes.`,
    notYou:
      'If this was not you, someone else knows your password or can sign in another way you use. Reset your password now, and check the ways you sign in and the signed-in devices on your account page.',
    wasYou: 'If it was you, wait until the pause ends, then enter the current code from your app, or one of your recovery codes.',
  },
  de: {
    subject: (p) => `Jemand versucht, sich bei Ihrem Konto bei ${p} anzumelden`,
    hello: 'Hallo,',
    paused: (p, minutes) =>
      `Jemand hat sich als Sie bei ${p} angemeldet und danach mehrfach falsche Codes aus Ihrer Authenticator-App eingegeben. Deshalb ist der zweite Schritt für ${minutesWords(minutes, 'de')} gesperrt.`,
    notYou:
      'Wenn Sie das nicht waren, kennt jemand anderes Ihr Passwort oder kann sich auf einem anderen Weg anmelden, den Sie nutzen. Setzen Sie Ihr Passwort jetzt zurück und prüfen Sie auf Ihrer Kontoseite, wie Sie sich anmelden und welche Geräte angemeldet sind.',
    wasYou:
      'Wenn Sie es waren, warten Sie, bis die Sperre endet, und geben Sie dann den aktuellen Code aus Ihrer App oder einen Ihrer Wiederherstellungscodes ein.',
  },
  fr: {
    subject: (p) => `Quelqu’un essaie de se connecter à votre compte ${p}`,
    hello: 'Bonjour,',
    paused: (p, minutes) =>
      `Quelqu’un s’est connecté à ${p} en votre nom, puis a saisi de nombreuses fois des codes erronés de votre application d’authentification : la deuxième étape est donc suspendue pendant ${minutesWords(minutes, 'fr')}.`,
    notYou:
      'Si ce n’était pas vous, quelqu’un d’autre connaît votre mot de passe ou peut se connecter par un autre moyen que vous utilisez. Réinitialisez votre mot de passe dès maintenant, puis vérifiez vos moyens de connexion et les appareils connectés sur la page de votre compte.',
    wasYou: 'Si c’était vous, attendez la fin de la suspension, puis saisissez le code actuel de votre application ou l’un de vos codes de récupération.',
  },
  es: {
    subject: (p) => `Alguien está intentando iniciar sesión en tu cuenta de ${p}`,
    hello: 'Hola,',
    paused: (p, minutes) =>
      `Alguien inició sesión en ${p} como tú y luego introdujo muchas veces códigos incorrectos de tu aplicación de autenticación, así que el segundo paso está en pausa durante ${minutesWords(minutes, 'es')}.`,
    notYou:
      'Si no fuiste tú, otra persona conoce tu contraseña o puede iniciar sesión de otra forma que usas. Restablece tu contraseña ahora y revisa en la página de tu cuenta las formas de iniciar sesión y los dispositivos con sesión iniciada.',
    wasYou: 'Si fuiste tú, espera a que termine la pausa y luego introduce el código actual de tu aplicación o uno de tus códigos de recuperación.',
  },
  ja: {
    subject: (p) => `${p} のあなたのアカウントへのサインインが試みられています`,
    hello: 'こんにちは。',
    paused: (p, minutes) =>
      `何者かがあなたとして ${p} にサインインし、認証アプリのコードを何度も間違えて入力したため、2 段階目の確認は${minutesWords(minutes, 'ja')}のあいだ一時停止されています。`,
    notYou:
      'お心当たりがない場合、他の誰かがあなたのパスワードを知っているか、あなたが使っている別の方法でサインインできる状態です。今すぐパスワードを再設定し、アカウントページでサインイン方法とサインイン中のデバイスを確認してください。',
    wasYou:
      'ご自身による操作の場合は、一時停止が終わるのを待ってから、アプリに表示されている現在のコード、またはリカバリーコードのいずれかを入力してください。',
  },
  'pt-BR': {
    subject: (p) => `Alguém está tentando entrar na sua conta de ${p}`,
    hello: 'Olá,',
    paused: (p, minutes) =>
      `Alguém entrou em ${p} como você e depois digitou várias vezes códigos errados do seu aplicativo autenticador, por isso a segunda etapa está pausada por ${minutesWords(minutes, 'pt-BR')}.`,
    notYou:
      'Se não foi você, outra pessoa sabe sua senha ou consegue entrar de outra forma que você usa. Redefina sua senha agora e confira, na página da sua conta, as formas de entrar e os dispositivos conectados.',
    wasYou: 'Se foi você, espere a pausa terminar e digite o código atual do seu aplicativo ou um dos seus códigos de recuperação.',
  },
  ar: {
    subject: (p) => `شخص ما يحاول تسجيل الدخول إلى حسابك في ${p}`,
    hello: 'مرحبًا،',
    paused: (p, minutes) =>
      `سجّل شخص ما الدخول إلى ${p} باسمك ثم أدخل رموزًا خاطئة من تطبيق المصادقة مرات عديدة، لذلك أُوقفت الخطوة الثانية مؤقتًا، ومدة الإيقاف ${minutesWords(minutes, 'ar')}.`,
    notYou:
      'إذا لم تكن أنت، فهناك شخص آخر يعرف كلمة المرور الخاصة بك أو يمكنه تسجيل الدخول بطريقة أخرى تستخدمها. أعد تعيين كلمة المرور الآن، وتحقق من طرق تسجيل الدخول والأجهزة المسجَّل دخولها في صفحة حسابك.',
    wasYou: 'إذا كنت أنت، فانتظر حتى ينتهي الإيقاف المؤقت، ثم أدخل الرمز الحالي من تطبيقك أو أحد رموز الاسترداد الخاصة بك.',
  },
};
