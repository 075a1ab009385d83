import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { MessageFields } from './messages.js';

/**
 * Solana wallets (@noble/curves, @scure/base): an address is an ed25519 public key of 32 bytes in
 * base58; the message is the Sign-In With Solana text (EIP-4361's shape, no chain id); the wallet
 * signs its UTF-8 bytes (signMessage) and the 64-byte signature travels in base58.
 */

function decodeBase58(text: string): Uint8Array | null {
  // Base58 of 64 bytes is at most 88 characters; anything longer is no key or signature of ours.
  if (text.length === 0 || text.length > 100) return null;
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

/** The address in base58 (the one encoding of its 32 bytes), or null when it is none. */
export function normalizeSolanaAddress(address: string): string | null {
  const bytes = decodeBase58(address);
  return bytes?.length === 32 ? base58.encode(bytes) : null;
}

export function solanaMessage(address: string, fields: MessageFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expirationTime.toISOString()}`,
  ].join('\n');
}

/** Whether the signature is well formed (base58 of 64 bytes). */
export const isSolanaSignature = (signature: string): boolean => decodeBase58(signature)?.length === 64;

/** Whether the key `address` (base58) signed the UTF-8 bytes of `message`. */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  const sig = decodeBase58(signature);
  const key = decodeBase58(address);
  if (sig?.length !== 64 || key?.length !== 32) return false;
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), key);
  } catch {
    // A key that is no point of the curve.
    return false;
  }
}
