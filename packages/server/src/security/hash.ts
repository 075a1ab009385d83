import { createHash } from 'node:crypto';

/** SHA-256 hex digest: how tokens are stored and looked up (the plain token is never stored). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
