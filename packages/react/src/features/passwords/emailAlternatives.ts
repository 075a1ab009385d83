import type { UserEvent } from '../../flow/types';
import type { StringKey } from '../../strings/en';
import type { LoginConfig } from '../../types';

export interface EmailAlternative {
  label: StringKey;
  event(email: string): UserEvent;
}

/**
 * The ways to sign in by email without a password that the configuration allows: a magic link
 * (emailMagicLinks) and an email passcode (otp with the email method). They reuse the Main flows.
 */
export function emailAlternatives(config: LoginConfig): EmailAlternative[] {
  const products = config.products ?? [];
  const out: EmailAlternative[] = [];
  if (products.includes('emailMagicLinks')) out.push({ label: 'emailMeLoginLink', event: (email) => ({ type: 'SUBMIT_MAGIC_LINK', email }) });
  if (products.includes('otp') && config.otpOptions?.methods?.includes('email')) {
    out.push({
      label: 'emailMeCode',
      event: (email) => ({ type: 'SUBMIT_OTP', method: 'email', destination: email, formatted: email, typed: email }),
    });
  }
  return out;
}
