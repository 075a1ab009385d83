import { z } from 'zod';
import { OAUTH_PROVIDER_TYPES } from './oauth-providers.js';

export const WebAuthnRegistrationSchema = z.object({ webauthn_registration_id: z.string(), name: z.string(), created_at: z.string() });
export type WebAuthnRegistration = z.output<typeof WebAuthnRegistrationSchema>;

/** The wallet families a user may sign in with. */
export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

export const CryptoWalletSchema = z.object({
  crypto_wallet_id: z.string(),
  /** Ethereum addresses EIP-55 checksummed; Solana addresses base58. */
  crypto_wallet_address: z.string(),
  crypto_wallet_type: z.enum(CRYPTO_WALLET_TYPES),
  /** Always true: a wallet joins a user only by signing a sign-in message. */
  verified: z.boolean(),
});
export type CryptoWallet = z.output<typeof CryptoWalletSchema>;

export const OAuthAccountSchema = z.object({
  provider_type: z.enum(OAUTH_PROVIDER_TYPES),
  provider_subject: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type OAuthAccount = z.output<typeof OAuthAccountSchema>;

/**
 * What the sign-in methods add to the User, each under its field, in the order the User lists them
 * (after its own fields, session.ts UserSchema). A new method that adds to the User adds its entry
 * here; on the server, the feature registers how the field is read (Feature.userPart), and the
 * server refuses to start while a field here has no reader.
 */
export const userParts = {
  /** primary as for emails: the one chosen, else the first verified, else the first. */
  phone_numbers: z.array(z.object({ phone_id: z.string(), phone_number: z.string(), verified: z.boolean(), primary: z.boolean() })),
  webauthn_registrations: z.array(WebAuthnRegistrationSchema),
  crypto_wallets: z.array(CryptoWalletSchema),
  /** The social accounts that sign in as this user; email: the address the provider gave at the last sign-in, if any. */
  oauth_accounts: z.array(OAuthAccountSchema),
  /** Present when the user has a password; never carries the hash. */
  password: z.object({ password_id: z.string() }).nullable(),
  /** Present when two-step verification is on: since when, and how many unused recovery codes are left. Never carries the key. */
  totp: z.object({ totp_id: z.string(), created_at: z.string(), recovery_codes_remaining: z.number().int() }).nullable(),
};
export type UserPartName = keyof typeof userParts;
