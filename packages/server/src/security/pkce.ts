import { createHash } from 'node:crypto';

/**
 * The PKCE S256 challenge of a verifier (RFC 7636): base64url(SHA-256(verifier)). A flow's start
 * is given the challenge and its finish the verifier, so what the start handed out works only for
 * whoever holds the verifier (the browser that started).
 */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
