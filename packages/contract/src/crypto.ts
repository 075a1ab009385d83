import { z } from 'zod';
import { minutes, ok, pkceCodeChallenge, pkceCodeVerifier } from './common.js';
import { route } from './route.js';
import { CRYPTO_WALLET_TYPES, SessionResponseSchema, signInResponse } from './session.js';

/**
 * Crypto wallets: sign-in by signing a message with an Ethereum or
 * Solana wallet. The start hands out a human-readable sign-in message (Sign-In with Ethereum,
 * EIP-4361, or its Solana twin) naming the site, the address, a nonce and its issue and expiry
 * times; the wallet signs it (Ethereum: personal_sign; Solana: signMessage over its UTF-8 bytes) and
 * the authenticate call sends the signature back. The message works once, for 10 minutes, and only
 * for the browser that started it (PKCE: the start sends a code_challenge, the authenticate call
 * its verifier), so a stranger who knows the address neither spends nor replaces it.
 */

const walletType = z.enum(CRYPTO_WALLET_TYPES);
const walletAddress = z.string().min(1).max(128).meta({
  description:
    'Ethereum: 0x and 40 hex digits, in any case (a mixed-case address must carry a valid EIP-55 checksum); answered checksummed. Solana: the base58 public key (32 bytes).',
});

export const CryptoWalletsAuthenticateStartRequestSchema = z
  .strictObject({
    crypto_wallet_address: walletAddress,
    crypto_wallet_type: walletType,
    code_challenge: pkceCodeChallenge,
    chain_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().meta({
      description:
        "Ethereum only: the EIP-155 id of the chain the wallet is on (eth_chainId), which the message names; it must be one of the project's allowed chain ids (unsupported_crypto_chain otherwise). Without it, the first allowed one.",
    }),
  })
  .meta({ id: 'CryptoWalletsAuthenticateStartRequest' });
export type CryptoWalletsAuthenticateStartRequest = z.input<typeof CryptoWalletsAuthenticateStartRequestSchema>;

export const CryptoWalletsAuthenticateStartResponseSchema = z
  .object({
    ...ok,
    challenge: z.string().meta({
      description:
        "The sign-in message for the wallet to sign as it is (Ethereum: personal_sign; Solana: signMessage of its UTF-8 bytes). It works once, for 10 minutes, with the verifier of the start's code_challenge; a new start with the same code_challenge replaces it.",
    }),
  })
  .meta({ id: 'CryptoWalletsAuthenticateStartResponse' });
export type CryptoWalletsAuthenticateStartResponse = z.output<typeof CryptoWalletsAuthenticateStartResponseSchema>;

export const CryptoWalletsAuthenticateRequestSchema = z
  .strictObject({
    crypto_wallet_address: walletAddress,
    crypto_wallet_type: walletType,
    signature: z.string().min(1).max(512).meta({
      description: 'Ethereum: the 65-byte personal_sign signature as 0x and 130 hex digits. Solana: the 64-byte ed25519 signature, base58.',
    }),
    code_verifier: pkceCodeVerifier,
    session_duration_minutes: minutes.optional(),
  })
  .meta({ id: 'CryptoWalletsAuthenticateRequest' });
export type CryptoWalletsAuthenticateRequest = z.input<typeof CryptoWalletsAuthenticateRequestSchema>;

export const CryptoWalletsAuthenticateResponseSchema = SessionResponseSchema.extend({
  crypto_wallet_id: z.string(),
  crypto_wallet_address: z.string().meta({ description: 'As stored: Ethereum addresses EIP-55 checksummed.' }),
  crypto_wallet_type: walletType,
}).meta({ id: 'CryptoWalletsAuthenticateResponse' });
export type CryptoWalletsAuthenticateResponse = z.output<typeof CryptoWalletsAuthenticateResponseSchema>;

const TAG = 'Crypto wallets';

export const cryptoRoutes = {
  authenticateStart: route({
    method: 'post',
    path: '/sdk/v1/crypto_wallets/authenticate/start',
    summary:
      "A sign-in message for the wallet to sign, naming this site (the request's Origin, one of the project's allowed origins), the address and a single-use nonce.",
    tag: TAG,
    auth: 'public',
    request: CryptoWalletsAuthenticateStartRequestSchema,
    response: CryptoWalletsAuthenticateStartResponseSchema,
    errors: ['invalid_crypto_wallet_address', 'unsupported_crypto_chain', 'forbidden', 'too_many_requests'],
  }),
  authenticate: route({
    method: 'post',
    path: '/sdk/v1/crypto_wallets/authenticate',
    summary:
      "Verify the wallet's signature of the sign-in message its start (with this code_verifier's challenge) handed out and sign its user in (a wallet seen for the first time makes a new user, or joins the Bearer session's user, which needs a recent sign-in, and no password set before any proof beside an unproven email; a Bearer session ended meanwhile is session_not_found).",
    tag: TAG,
    auth: 'public-optional-session',
    request: CryptoWalletsAuthenticateRequestSchema,
    response: signInResponse(CryptoWalletsAuthenticateResponseSchema),
    errors: [
      'invalid_crypto_wallet_address',
      'invalid_crypto_signature',
      'crypto_challenge_not_found',
      'invalid_duration',
      'reauthentication_required',
      'unverified_email',
      'session_not_found',
      'too_many_requests',
      'server_busy',
    ],
  }),
} as const;
