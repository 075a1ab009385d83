import type { CryptoWalletType } from '@vestibule/contract';
import { ApiError } from '../../kernel/api-error.js';
import { ethereumMessage, isEthereumSignature, normalizeEthereumAddress, verifyEthereumSignature } from './ethereum.js';
import type { MessageFields } from './messages.js';
import { isSolanaSignature, normalizeSolanaAddress, solanaMessage, verifySolanaSignature } from './solana.js';

/** What the routes need of a wallet family; the cryptography stays in its own file. */
interface WalletFamily {
  label: string;
  normalize(address: string): string | null;
  message(address: string, fields: MessageFields): string;
  isSignature(signature: string): boolean;
  verify(address: string, message: string, signature: string): boolean | Promise<boolean>;
  signatureForm: string;
}

const FAMILIES: Record<CryptoWalletType, WalletFamily> = {
  ethereum: {
    label: 'Ethereum',
    normalize: normalizeEthereumAddress,
    message: ethereumMessage,
    isSignature: isEthereumSignature,
    verify: verifyEthereumSignature,
    signatureForm: '0x and 130 hex digits (65 bytes)',
  },
  solana: {
    label: 'Solana',
    normalize: normalizeSolanaAddress,
    message: solanaMessage,
    isSignature: isSolanaSignature,
    verify: verifySolanaSignature,
    signatureForm: 'base58 of 64 bytes',
  },
};

export const familyOf = (type: CryptoWalletType): WalletFamily => FAMILIES[type];

/** The address in its stored form, or 400 invalid_crypto_wallet_address naming the family. */
export function walletAddress(type: CryptoWalletType, address: string): string {
  const family = FAMILIES[type];
  const normalized = family.normalize(address);
  if (normalized === null) throw new ApiError('invalid_crypto_wallet_address', `This is not a valid ${family.label} address.`);
  return normalized;
}

/** 401 invalid_crypto_signature unless the signature has its family's form (before any lookup). */
export function requireSignatureForm(type: CryptoWalletType, signature: string): void {
  const family = FAMILIES[type];
  if (!family.isSignature(signature))
    throw new ApiError('invalid_crypto_signature', `The signature is malformed: a ${family.label} signature is ${family.signatureForm}.`);
}
