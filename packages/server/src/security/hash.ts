import { hash } from 'node:crypto';

/**
 * SHA-256 hex digest: how tokens are stored and looked up (the plain token is never stored). The
 * one-shot crypto.hash: a Hash object per call was a visible part of a session check.
 */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}
