import { createHash, randomBytes } from 'node:crypto';

/** A browser's PKCE pair (RFC 7636, S256): the verifier it keeps and the challenge it sends at a start. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
