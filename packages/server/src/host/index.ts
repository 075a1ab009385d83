export { createSessionVerifier, type SessionVerifier, type SessionVerifierOptions } from './verify-session-jwt.js';
export type { SessionJwtClaims } from '@vestibule/contract';
