import { randomBytes, randomUUID } from 'node:crypto';

/** 32 random bytes, base64url: the secret half of magic links and sessions. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A public identifier with a readable prefix, e.g. user-1b9d6bcd-…. */
export function newId(
  prefix:
    | 'user'
    | 'email'
    | 'phone'
    | 'password'
    | 'session'
    | 'request'
    | 'outbox'
    | 'webauthn-registration'
    | 'crypto-wallet'
    | 'totp'
    | 'recovery-code'
    | 'management-key'
    | 'event'
    | 'webhook',
): string {
  return `${prefix}-${randomUUID()}`;
}
