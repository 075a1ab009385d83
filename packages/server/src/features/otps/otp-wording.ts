import type { Locale } from '@vestibule/contract';

/** A passcode message's words in one language; `valid` is how long the code works, already in words ('5 minutes'). */
export interface OtpWording {
  /** The whole text message, and the email's first paragraph. */
  line(projectName: string, code: string, valid: string): string;
  subject(projectName: string): string;
  /** The email's last paragraph. */
  ignore: string;
}

/** The built-in wording, in every language the widgets speak (custom otpTemplates stay the project's own words). */
export const OTP_WORDING: Record<Locale, OtpWording> = {
  en: {
    line: (p, code, valid) => `Your ${p} code is ${code}. It expires in ${valid}.`,
    subject: (p) => `Your ${p} verification code`,
    ignore: 'If you did not ask for this code, you can ignore this email.',
  },
  de: {
    line: (p, code, valid) => `Ihr Code für ${p} lautet ${code}. Er läuft in ${valid} ab.`,
    subject: (p) => `Ihr Bestätigungscode für ${p}`,
    ignore: 'Wenn Sie diesen Code nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    line: (p, code, valid) => `Votre code ${p} est ${code}. Il expire dans ${valid}.`,
    subject: (p) => `Votre code de vérification ${p}`,
    ignore: "Si vous n'avez pas demandé ce code, vous pouvez ignorer cet e-mail.",
  },
  es: {
    line: (p, code, valid) => `Tu código de ${p} es ${code}. Caduca en ${valid}.`,
    subject: (p) => `Tu código de verificación de ${p}`,
    ignore: 'Si no has solicitado este código, puedes ignorar este correo.',
  },
  ja: {
    line: (p, code, valid) => `${p} の確認コードは ${code} です。${valid}後に有効期限が切れます。`,
    subject: (p) => `${p} の確認コード`,
    ignore: 'このコードをリクエストしていない場合は、このメールを無視してください。',
  },
  'pt-BR': {
    line: (p, code, valid) => `Seu código de ${p} é ${code}. Ele expira em ${valid}.`,
    subject: (p) => `Seu código de verificação de ${p}`,
    ignore: 'Se você não solicitou este código, pode ignorar este e-mail.',
  },
  ar: {
    line: (p, code, valid) => `رمز ${p} الخاص بك هو ${code}. مدة صلاحيته ${valid}.`,
    subject: (p) => `رمز التحقق الخاص بك في ${p}`,
    ignore: 'إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.',
  },
};
