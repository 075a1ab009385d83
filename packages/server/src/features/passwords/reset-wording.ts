import type { Locale } from '@vestibule/contract';

/** Words naming the project: given the name as it is (text and subject) or escaped (html). */
type About = (projectName: string) => string;

/**
 * The password-reset email's words in one language. Their html is written as it is, so no entry
 * holds <, >, & or a double quote; the project name, the links and the durations come escaped.
 * Durations (`valid`) come in words ('30 minutes', '1 day').
 */
export interface ResetWording {
  subject: About;
  hello: string;
  /** The text's 'Click the link below to set a new password for {project}:'. */
  linkIntro: About;
  /** The html's 'Click the button below to …'. */
  buttonIntro: About;
  button: string;
  paste: string;
  validOnce(valid: string): string;
  /** The text's line before the passwordless login link. */
  loginInsteadLine(valid: string): string;
  /** The html's paragraph with the passwordless login link: `link` is the anchor around loginLinkLabel. */
  loginInstead(link: string, valid: string): string;
  loginLinkLabel: string;
  ignore: string;
}

export const RESET_WORDING: Record<Locale, ResetWording> = {
  en: {
    subject: (p) => `Reset your ${p} password`,
    hello: 'Hello,',
    linkIntro: (p) => `Click the link below to set a new password for ${p}:`,
    buttonIntro: (p) => `Click the button below to set a new password for ${p}:`,
    button: 'Reset your password',
    paste: 'Or paste this link into your browser:',
    validOnce: (valid) => `This link is valid for ${valid} and works only once.`,
    loginInsteadLine: (valid) => `Or log in without a password (valid for ${valid}):`,
    loginInstead: (link, valid) => `${link} instead (valid for ${valid}).`,
    loginLinkLabel: 'Log in without a password',
    ignore: 'If you did not ask for this, you can ignore this email; your password has not changed.',
  },
  de: {
    subject: (p) => `Setzen Sie Ihr Passwort für ${p} zurück`,
    hello: 'Hallo,',
    linkIntro: (p) => `Klicken Sie auf den folgenden Link, um ein neues Passwort für ${p} festzulegen:`,
    buttonIntro: (p) => `Klicken Sie auf die folgende Schaltfläche, um ein neues Passwort für ${p} festzulegen:`,
    button: 'Passwort zurücksetzen',
    paste: 'Oder fügen Sie diesen Link in Ihren Browser ein:',
    validOnce: (valid) => `Dieser Link ist ${valid} lang gültig und funktioniert nur einmal.`,
    loginInsteadLine: (valid) => `Oder melden Sie sich ohne Passwort an (${valid} lang gültig):`,
    loginInstead: (link, valid) => `Oder ${link} (${valid} lang gültig).`,
    loginLinkLabel: 'ohne Passwort anmelden',
    ignore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort wurde nicht geändert.',
  },
  fr: {
    subject: (p) => `Réinitialisez votre mot de passe ${p}`,
    hello: 'Bonjour,',
    linkIntro: (p) => `Cliquez sur le lien ci-dessous pour définir un nouveau mot de passe pour ${p} :`,
    buttonIntro: (p) => `Cliquez sur le bouton ci-dessous pour définir un nouveau mot de passe pour ${p} :`,
    button: 'Réinitialiser votre mot de passe',
    paste: 'Ou collez ce lien dans votre navigateur :',
    validOnce: (valid) => `Ce lien est valable ${valid} et ne fonctionne qu’une seule fois.`,
    loginInsteadLine: (valid) => `Ou connectez-vous sans mot de passe (lien valable ${valid}) :`,
    loginInstead: (link, valid) => `Ou ${link} (lien valable ${valid}).`,
    loginLinkLabel: 'connectez-vous sans mot de passe',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail ; votre mot de passe n’a pas changé.',
  },
  es: {
    subject: (p) => `Restablece tu contraseña de ${p}`,
    hello: 'Hola,',
    linkIntro: (p) => `Haz clic en el siguiente enlace para establecer una nueva contraseña para ${p}:`,
    buttonIntro: (p) => `Haz clic en el siguiente botón para establecer una nueva contraseña para ${p}:`,
    button: 'Restablecer tu contraseña',
    paste: 'O pega este enlace en tu navegador:',
    validOnce: (valid) => `Este enlace es válido durante ${valid} y solo funciona una vez.`,
    loginInsteadLine: (valid) => `O inicia sesión sin contraseña (válido durante ${valid}):`,
    loginInstead: (link, valid) => `O ${link} (válido durante ${valid}).`,
    loginLinkLabel: 'inicia sesión sin contraseña',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo; tu contraseña no ha cambiado.',
  },
  ja: {
    subject: (p) => `${p} のパスワード再設定`,
    hello: 'こんにちは。',
    linkIntro: (p) => `以下のリンクをクリックして、${p} の新しいパスワードを設定してください。`,
    buttonIntro: (p) => `以下のボタンをクリックして、${p} の新しいパスワードを設定してください。`,
    button: 'パスワードを再設定',
    paste: 'または、このリンクをブラウザに貼り付けてください。',
    validOnce: (valid) => `このリンクの有効期間は${valid}で、一度だけ使用できます。`,
    loginInsteadLine: (valid) => `または、パスワードなしでログインすることもできます（有効期間：${valid}）。`,
    loginInstead: (link, valid) => `または、${link}こともできます（有効期間：${valid}）。`,
    loginLinkLabel: 'パスワードなしでログインする',
    ignore: '心当たりがない場合は、このメールを無視してください。パスワードは変更されていません。',
  },
  'pt-BR': {
    subject: (p) => `Redefina sua senha de ${p}`,
    hello: 'Olá,',
    linkIntro: (p) => `Clique no link abaixo para definir uma nova senha para ${p}:`,
    buttonIntro: (p) => `Clique no botão abaixo para definir uma nova senha para ${p}:`,
    button: 'Redefinir sua senha',
    paste: 'Ou cole este link no seu navegador:',
    validOnce: (valid) => `Este link é válido por ${valid} e funciona apenas uma vez.`,
    loginInsteadLine: (valid) => `Ou entre sem senha (válido por ${valid}):`,
    loginInstead: (link, valid) => `Ou ${link} (válido por ${valid}).`,
    loginLinkLabel: 'entre sem senha',
    ignore: 'Se você não solicitou isso, pode ignorar este e-mail; sua senha não foi alterada.',
  },
  ar: {
    subject: (p) => `أعد تعيين كلمة المرور الخاصة بك في ${p}`,
    hello: 'مرحبًا،',
    linkIntro: (p) => `انقر على الرابط أدناه لتعيين كلمة مرور جديدة في ${p}:`,
    buttonIntro: (p) => `انقر على الزر أدناه لتعيين كلمة مرور جديدة في ${p}:`,
    button: 'إعادة تعيين كلمة المرور',
    paste: 'أو الصق هذا الرابط في متصفحك:',
    validOnce: (valid) => `هذا الرابط يعمل مرة واحدة فقط، ومدة صلاحيته ${valid}.`,
    loginInsteadLine: (valid) => `أو سجّل الدخول بدون كلمة مرور (مدة صلاحية الرابط ${valid}):`,
    loginInstead: (link, valid) => `أو ${link} بدلًا من ذلك (مدة صلاحية الرابط ${valid}).`,
    loginLinkLabel: 'سجّل الدخول بدون كلمة مرور',
    ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة؛ لم تتغير كلمة المرور الخاصة بك.',
  },
};
