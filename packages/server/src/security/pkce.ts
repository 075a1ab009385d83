import { createHash, randomBytes } from 'node:crypto';
import { constantTimeEqual } from './constant-time.js';

/**
 * PKCE with S256 (RFC 7636), the one implementation for every flow that binds its finish to the
 * browser (or relying party) that started it: OAuth sign-in, the identity provider's codes, wallet
 * sign-in messages. The start is given the challenge, base64url(SHA-256(verifier)); the finish
 * sends the verifier, so what the start handed out works only for whoever holds it.
 */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Whether the verifier is the one the challenge was made from; compared in constant time. */
export const pkceVerifies = (verifier: string, challenge: string): boolean => constantTimeEqual(pkceChallenge(verifier), challenge);

/** A verifier as RFC 7636 writes it: 43 to 128 unreserved characters. */
export const isPkceVerifier = (verifier: string): boolean => /^[A-Za-z0-9._~-]{43,128}$/.test(verifier);

/** An S256 challenge as it can only be: the base64url of a SHA-256, 43 characters. */
export const isS256Challenge = (challenge: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(challenge);

/** A new verifier (ours, when we are the client of a provider): 32 random bytes, base64url. */
export const newPkceVerifier = (): string => randomBytes(32).toString('base64url');
