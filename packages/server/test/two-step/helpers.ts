import { Secret, TOTP } from 'otpauth';
import type { IntermediateSessionResponse, SessionResponse } from '@vestibule/contract';
import { expect } from 'vitest';
import { tokenFromLink } from '../helpers/harness.js';
import { asPerson, type Person } from '../helpers/account.js';
import type { ListeningServer } from '../helpers/listening.js';

/** The code an authenticator app shows for `secret` at `at` (now by default), computed as apps do (RFC 6238 defaults). */
export function appCode(secret: string, at: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/** Turns two-step verification on from the account page; the key and the ten recovery codes. */
export async function turnOn(s: ListeningServer, who: Person): Promise<{ secret: string; recoveryCodes: string[] }> {
  const created = await asPerson(s, who, 'two_step/totp/create', {});
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const secret: string = created.body.secret;
  const enrolled = await asPerson(s, who, 'two_step/totp/enrol', { code: appCode(secret) });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  return { secret, recoveryCodes: enrolled.body.recovery_codes };
}

/** A magic link to `email` used again: the first step's answer (an intermediate session when the second step is due). */
export async function firstStepByLink(s: ListeningServer, email: string, from: string): Promise<IntermediateSessionResponse | SessionResponse> {
  const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from });
  expect(sent.status).toBe(200);
  const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
  const used = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return used.body;
}
