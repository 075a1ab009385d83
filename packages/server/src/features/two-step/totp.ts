import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them by default: SHA-1,
 * 30-second steps, 6 digits. The library computes them; this file fixes the parameters and says
 * which step a code belongs to, so that each step's code is accepted once.
 */
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const DRIFT_STEPS = 1;

/** A new key: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI apps scan: issuer (the project), account (the person's email or phone), the key and the parameters. */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The time step a right code belongs to (at `now`, one step of drift either side), or null for a wrong one. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp(secret).validate({ token: code, timestamp, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}
