import type { Locale } from '@vestibule/contract';

type Kind = 'login' | 'signup';
/** Words naming the project: given the name as it is (text and subject) or escaped (html). */
type About = (projectName: string) => string;

/**
 * The login and sign-up email's words in one language. Their html is written as it is, so no
 * entry holds <, >, & or a double quote; the project name and the link come escaped.
 */
export interface MagicLinkWording {
  subject: Record<Kind, About>;
  hello: string;
  /** The text's 'Click the link below to … on {project}:'. */
  linkIntro: Record<Kind, About>;
  /** The html's 'Click the button below to … on {project}:'. */
  buttonIntro: Record<Kind, About>;
  button: Record<Kind, About>;
  paste: string;
  /** `valid`: how long the link works, in words ('30 minutes'). */
  validOnce(valid: string): string;
  ignore: string;
}

export const MAGIC_LINK_WORDING: Record<Locale, MagicLinkWording> = {
  en: {
    subject: { login: (p) => `Your ${p} login link`, signup: (p) => `Finish signing up to ${p}` },
    hello: 'Hello,',
    linkIntro: { login: (p) => `Click the link below to log in on ${p}:`, signup: (p) => `Click the link below to finish creating your account on ${p}:` },
    buttonIntro: {
      login: (p) => `Click the button below to log in on ${p}:`,
      signup: (p) => `Click the button below to finish creating your account on ${p}:`,
    },
    button: { login: (p) => `Log in to ${p}`, signup: (p) => `Finish signing up to ${p}` },
    paste: 'Or paste this link into your browser:',
    validOnce: (valid) => `This link is valid for ${valid} and works only once.`,
    ignore: 'If you did not ask for it, you can ignore this email.',
  },
  de: {
    subject: { login: (p) => `Ihr Anmeldelink für ${p}`, signup: (p) => `Schließen Sie Ihre Registrierung bei ${p} ab` },
    hello: 'Hallo,',
    linkIntro: {
      login: (p) => `Klicken Sie auf den folgenden Link, um sich bei ${p} anzumelden:`,
      signup: (p) => `Klicken Sie auf den folgenden Link, um Ihr Konto bei ${p} fertig einzurichten:`,
    },
    buttonIntro: {
      login: (p) => `Klicken Sie auf die folgende Schaltfläche, um sich bei ${p} anzumelden:`,
      signup: (p) => `Klicken Sie auf die folgende Schaltfläche, um Ihr Konto bei ${p} fertig einzurichten:`,
    },
    button: { login: (p) => `Bei ${p} anmelden`, signup: (p) => `Registrierung bei ${p} abschließen` },
    paste: 'Oder fügen Sie diesen Link in Ihren Browser ein:',
    validOnce: (valid) => `Dieser Link ist ${valid} lang gültig und funktioniert nur einmal.`,
    ignore: 'Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    subject: { login: (p) => `Votre lien de connexion ${p}`, signup: (p) => `Terminez votre inscription à ${p}` },
    hello: 'Bonjour,',
    linkIntro: {
      login: (p) => `Cliquez sur le lien ci-dessous pour vous connecter à ${p} :`,
      signup: (p) => `Cliquez sur le lien ci-dessous pour terminer la création de votre compte ${p} :`,
    },
    buttonIntro: {
      login: (p) => `Cliquez sur le bouton ci-dessous pour vous connecter à ${p} :`,
      signup: (p) => `Cliquez sur le bouton ci-dessous pour terminer la création de votre compte ${p} :`,
    },
    button: { login: (p) => `Se connecter à ${p}`, signup: (p) => `Terminer l’inscription à ${p}` },
    paste: 'Ou collez ce lien dans votre navigateur :',
    validOnce: (valid) => `Ce lien est valable ${valid} et ne fonctionne qu’une seule fois.`,
    ignore: 'Si vous ne l’avez pas demandé, vous pouvez ignorer cet e-mail.',
  },
  es: {
    subject: { login: (p) => `Tu enlace de inicio de sesión de ${p}`, signup: (p) => `Termina de registrarte en ${p}` },
    hello: 'Hola,',
    linkIntro: {
      login: (p) => `Haz clic en el siguiente enlace para iniciar sesión en ${p}:`,
      signup: (p) => `Haz clic en el siguiente enlace para terminar de crear tu cuenta en ${p}:`,
    },
    buttonIntro: {
      login: (p) => `Haz clic en el siguiente botón para iniciar sesión en ${p}:`,
      signup: (p) => `Haz clic en el siguiente botón para terminar de crear tu cuenta en ${p}:`,
    },
    button: { login: (p) => `Iniciar sesión en ${p}`, signup: (p) => `Terminar el registro en ${p}` },
    paste: 'O pega este enlace en tu navegador:',
    validOnce: (valid) => `Este enlace es válido durante ${valid} y solo funciona una vez.`,
    ignore: 'Si no lo has solicitado, puedes ignorar este correo.',
  },
  ja: {
    subject: { login: (p) => `${p} のログインリンク`, signup: (p) => `${p} の登録を完了してください` },
    hello: 'こんにちは。',
    linkIntro: {
      login: (p) => `以下のリンクをクリックして、${p} にログインしてください。`,
      signup: (p) => `以下のリンクをクリックして、${p} のアカウント作成を完了してください。`,
    },
    buttonIntro: {
      login: (p) => `以下のボタンをクリックして、${p} にログインしてください。`,
      signup: (p) => `以下のボタンをクリックして、${p} のアカウント作成を完了してください。`,
    },
    button: { login: (p) => `${p} にログイン`, signup: (p) => `${p} の登録を完了` },
    paste: 'または、このリンクをブラウザに貼り付けてください。',
    validOnce: (valid) => `このリンクの有効期間は${valid}で、一度だけ使用できます。`,
    ignore: '心当たりがない場合は、このメールを無視してください。',
  },
  'pt-BR': {
    subject: { login: (p) => `Seu link de acesso para ${p}`, signup: (p) => `Conclua seu cadastro em ${p}` },
    hello: 'Olá,',
    linkIntro: {
      login: (p) => `Clique no link abaixo para entrar em ${p}:`,
      signup: (p) => `Clique no link abaixo para concluir a criação da sua conta em ${p}:`,
    },
    buttonIntro: {
      login: (p) => `Clique no botão abaixo para entrar em ${p}:`,
      signup: (p) => `Clique no botão abaixo para concluir a criação da sua conta em ${p}:`,
    },
    button: { login: (p) => `Entrar em ${p}`, signup: (p) => `Concluir cadastro em ${p}` },
    paste: 'Ou cole este link no seu navegador:',
    validOnce: (valid) => `Este link é válido por ${valid} e funciona apenas uma vez.`,
    ignore: 'Se você não o solicitou, pode ignorar este e-mail.',
  },
  ar: {
    subject: { login: (p) => `رابط تسجيل الدخول إلى ${p}`, signup: (p) => `أكمل التسجيل في ${p}` },
    hello: 'مرحبًا،',
    linkIntro: {
      login: (p) => `انقر على الرابط أدناه لتسجيل الدخول إلى ${p}:`,
      signup: (p) => `انقر على الرابط أدناه لإكمال إنشاء حسابك في ${p}:`,
    },
    buttonIntro: {
      login: (p) => `انقر على الزر أدناه لتسجيل الدخول إلى ${p}:`,
      signup: (p) => `انقر على الزر أدناه لإكمال إنشاء حسابك في ${p}:`,
    },
    button: { login: (p) => `تسجيل الدخول إلى ${p}`, signup: (p) => `إكمال التسجيل في ${p}` },
    paste: 'أو الصق هذا الرابط في متصفحك:',
    validOnce: (valid) => `هذا الرابط يعمل مرة واحدة فقط، ومدة صلاحيته ${valid}.`,
    ignore: 'إذا لم تطلبه، يمكنك تجاهل هذه الرسالة.',
  },
};
