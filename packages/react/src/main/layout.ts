import type { StringKey } from '../strings/en';
import type { LoginConfig, OtpMethod } from '../types';

/**
 * What Main shows, decided in one place (SPEC.md section 2, Main): one pure function of the
 * configuration and of facts about the environment. Main.tsx only draws the answer; the features
 * draw their blocks (a block names a slot that a feature fills, see Feature.mainSlots).
 */

/** Facts about the browser and the flow that change what Main offers. */
export interface MainEnvironment {
  /**
   * The browser offers passkeys in the autofill of the email field (conditional mediation). The
   * passkeys feature finds out when Main is entered and keeps the answer in the flow state
   * (`passkeyAutofill`), assuming yes until the browser answers.
   */
  passkeyAutofill: boolean;
}

/** One tab of the email/phone form: the method and the slot that draws its form. */
export interface MainTab {
  method: OtpMethod;
  slot: string;
  label: StringKey;
}

export type MainBlock =
  /** The email/phone form; with more than one tab, WAI-ARIA tabs in configuration order. */
  | { kind: 'form'; tabs: MainTab[] }
  /**
   * A block a feature draws: `oauth` (the OAuth buttons), `wallets` (the wallet buttons), `passkey`
   * (the passkey button). A slot no feature of the mount fills shows nothing.
   */
  | { kind: 'slot'; slot: string }
  /** The divider 'or' between two blocks. */
  | { kind: 'divider'; label: StringKey };

export type MainLayout = { error: StringKey; blocks: [] } | { error: null; blocks: MainBlock[] };

/** The configuration errors shown in place of the form (SPEC.md section 2, Main). */
export function configError(config: LoginConfig): StringKey | null {
  const products = config.products ?? [];
  if (products.length > 0 && products.every((p) => p === 'passkeys')) return 'passkeysAlone';
  if (products.includes('emailMagicLinks') && products.includes('otp') && config.otpOptions?.methods?.includes('email')) {
    return 'emlAndEmailOtp';
  }
  // The developer's mistakes (otp without methods, unknown values, durations) are caught at mount,
  // before Main shows: src/widget/config-check.ts.
  return null;
}

/**
 * Whether Main offers passkeys through the email field's autofill rather than a button, in a browser
 * that can: passkeys are on, the configuration is sound, and an email method is configured (SPEC.md
 * section 2). The passkeys feature runs the autofill ceremony exactly then.
 */
export function passkeyAutofillApplies(config: LoginConfig): boolean {
  return (config.products ?? []).includes('passkeys') && configError(config) === null && mainMethods(config).includes('email');
}

/**
 * The methods Main offers, in configuration order: Email where emailMagicLinks or passwords sits
 * in products, the otpOptions.methods where otp sits. More than one gives tabs (SPEC.md section 2, Main).
 */
export function mainMethods(config: LoginConfig): OtpMethod[] {
  const products = config.products ?? [];
  const methods: OtpMethod[] = [];
  for (const product of products) {
    if (product === 'emailMagicLinks' || product === 'passwords') methods.push('email');
    if (product === 'otp') methods.push(...(config.otpOptions?.methods ?? []));
  }
  return [...new Set(methods)];
}

const TAB_LABELS = { sms: 'tabText', whatsapp: 'tabWhatsApp', email: 'tabEmail' } as const satisfies Record<OtpMethod, StringKey>;

/** Which form draws the Email tab: with passwords the email is looked up first; else a magic link; else a passcode. */
function emailSlot(config: LoginConfig): string {
  const products = config.products ?? [];
  return products.includes('passwords') ? 'emailPassword' : products.includes('emailMagicLinks') ? 'emailMagicLink' : 'emailOtp';
}

/** Main's blocks, in order, with the dividers between them; or the configuration error shown instead. */
export function mainLayout(config: LoginConfig, env: MainEnvironment): MainLayout {
  const error = configError(config);
  if (error) return { error, blocks: [] };
  const products = config.products ?? [];
  const methods = mainMethods(config);
  const oauth: MainBlock[] = products.includes('oauth') ? [{ kind: 'slot', slot: 'oauth' }] : [];
  const wallets: MainBlock[] = products.includes('crypto') ? [{ kind: 'slot', slot: 'wallets' }] : [];
  const form: MainBlock[] = methods.length
    ? [{ kind: 'form', tabs: methods.map((method) => ({ method, slot: method === 'email' ? emailSlot(config) : method, label: TAB_LABELS[method] })) }]
    : [];
  const passkeyByAutofill = env.passkeyAutofill && passkeyAutofillApplies(config);
  const passkey: MainBlock[] = products.includes('passkeys') && !passkeyByAutofill ? [{ kind: 'slot', slot: 'passkey' }] : [];
  const ordered = config.oauthOptions?.position === 'below' ? [...form, ...oauth, ...wallets, ...passkey] : [...oauth, ...wallets, ...form, ...passkey];
  return { error: null, blocks: ordered.flatMap((block, i) => (i === 0 ? [block] : [{ kind: 'divider', label: 'or' } as const, block])) };
}
