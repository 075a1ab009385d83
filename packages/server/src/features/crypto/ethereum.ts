import { getAddress, isAddress, recoverMessageAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { MessageFields } from './messages.js';

/**
 * Ethereum wallets (viem): addresses are 0x and 40 hex digits, kept in their EIP-55 checksummed
 * form; the message is Sign-In with Ethereum (EIP-4361); the wallet signs it with personal_sign
 * (EIP-191), and the signer is recovered from the signature (secp256k1) and compared with the
 * address. Only externally owned accounts sign this way; a contract wallet (ERC-1271) would need a
 * call to the chain, which this server does not make.
 */

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

/**
 * The address checksummed, or null when it is none. Any single case is taken as it is (all lower,
 * or all upper after 0x: no checksum to check); a mixed-case address must carry a right checksum,
 * as a typo in one would otherwise name another wallet.
 */
export function normalizeEthereumAddress(address: string): string | null {
  if (!HEX_ADDRESS.test(address)) return null;
  const digits = address.slice(2);
  const singleCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!singleCase && !isAddress(address, { strict: true })) return null;
  return getAddress(address.toLowerCase());
}

export function ethereumMessage(address: string, fields: MessageFields): string {
  return createSiweMessage({
    domain: fields.domain,
    address: address as `0x${string}`,
    statement: fields.statement,
    uri: fields.uri,
    version: '1',
    // chains.ts gives every Ethereum start one.
    chainId: fields.chainId!,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
  });
}

/** Whether the signature is well formed (0x and 65 bytes in hex). */
export const isEthereumSignature = (signature: string): boolean => SIGNATURE.test(signature);

/** Whether `address` (checksummed) signed `message` with personal_sign. */
export async function verifyEthereumSignature(address: string, message: string, signature: string): Promise<boolean> {
  if (!isEthereumSignature(signature)) return false;
  try {
    return (await recoverMessageAddress({ message, signature: signature as `0x${string}` })) === address;
  } catch {
    // r or s out of range, a point not on the curve: no signer.
    return false;
  }
}
