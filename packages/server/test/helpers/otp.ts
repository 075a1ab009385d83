import { randomInt } from 'node:crypto';
import type { OutboxMessage, SessionResponse } from '@vestibule/contract';
import type { Harness } from './harness.js';
import type { ListeningServer, SendOptions } from './listening.js';

export const OTP = {
  email: '/sdk/v1/otps/email/login_or_create',
  sms: '/sdk/v1/otps/sms/login_or_create',
  whatsapp: '/sdk/v1/otps/whatsapp/login_or_create',
  authenticate: '/sdk/v1/otps/authenticate',
} as const;

export const INVALID_PASSCODE = 'Invalid passcode, please try again.';
/** otp_code_expired: the code's tries are used up, or it was used or has expired. */
export const DEAD_PASSCODE = 'This passcode no longer works. Please request a new one.';
export const LOCKED = 'Too many failed authentication attempts. Please try again later.';
export const E164_MESSAGE = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';

/** A valid US number nobody else in the run uses (Google's +1 650 253 block). */
/** A US number no other test uses, in a range of its own (the per-range limit counts numbers alike but for their last three digits). */
export function uniquePhone(): string {
  return `+1650${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No passcode in: ${text}`);
  return match[1]!;
}

/** A 6-digit code that is surely not `code`. */
export function wrongCode(code: string): string {
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
}

/** Asks for a passcode and reads it from the outbox. */
export async function sendOtp(
  h: Harness,
  channel: 'email' | 'sms' | 'whatsapp',
  destination: string,
  extra: Record<string, unknown> = {},
  ip?: string,
): Promise<{ response: any; code: string; message: OutboxMessage }> {
  const body = channel === 'email' ? { email: destination, ...extra } : { phone_number: destination, ...extra };
  const response = await h.json('POST', OTP[channel], body, { ip });
  if (response.status !== 200) throw new Error(`${channel} login_or_create failed: ${JSON.stringify(response.body)}`);
  const [message] = await h.outbox(destination.toLowerCase());
  if (!message) throw new Error(`Nothing in the outbox for ${destination}`);
  return { response: response.body, code: codeIn(message.text), message };
}

/**
 * Signs in with a passcode emailed to `email`, over real sockets. With `session` as Bearer (the
 * same user's), the passcode's factor joins that session: how a person confirms it is them before
 * a sensitive change.
 */
export async function signInByPasscode(s: ListeningServer, email: string, options: SendOptions = {}): Promise<SessionResponse> {
  const sent = await s.send('POST', OTP.email, { email }, options);
  if (sent.status !== 200) throw new Error(`passcode not sent: ${JSON.stringify(sent.body)}`);
  const [message] = await s.outbox(email.toLowerCase());
  const used = await s.send<SessionResponse>('POST', OTP.authenticate, { method_id: sent.body.method_id, code: codeIn(message!.text) }, options);
  if (used.status !== 200) throw new Error(`passcode refused: ${JSON.stringify(used.body)}`);
  return used.body;
}
