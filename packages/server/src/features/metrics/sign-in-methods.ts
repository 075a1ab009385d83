import type { AuthenticationFactorType } from '@vestibule/contract';

/** A sign-in's method as the metrics label it: the type of the factor it proves, or 'other'. */
export type SignInMethod = AuthenticationFactorType | 'other';

/**
 * Each method's routes by the start of their paths, as the contract declares them. A refused
 * sign-in is known by its path only (the error handler records it, kernel/audit/refused-sign-ins.ts),
 * while a sign-in that completes names its factor: this table says which factor a path proves, so
 * both count under the same method.
 */
const ROUTES: ReadonlyArray<readonly [prefix: string, method: AuthenticationFactorType]> = [
  ['/sdk/v1/passwords/', 'password'],
  ['/sdk/v1/otps/', 'otp'],
  ['/sdk/v1/magic_links/', 'magic_link'],
  ['/sdk/v1/webauthn/', 'webauthn'],
  ['/sdk/v1/oauth/', 'oauth'],
  ['/sdk/v1/crypto_wallets/', 'crypto'],
  ['/sdk/v1/sessions/attest', 'attested'],
  ['/sdk/v1/two_step/totp/', 'totp'],
  ['/sdk/v1/two_step/recovery_codes/', 'recovery_code'],
];

/**
 * The method whose routes `path` belongs to; 'other' for any other path (the account page's
 * confirmations, a method added since), so that what a caller sends never becomes a label.
 */
export function signInMethodOf(path: string): SignInMethod {
  return ROUTES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'other';
}
