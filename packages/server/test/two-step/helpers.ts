import { Secret, TOTP } from 'otpauth';
import type { IntermediateSessionResponse, SessionResponse } from '@vestibule/contract';
import { expect } from 'vitest';
import { tokenFromLink } from '../helpers/harness.js';
import { asPerson, loopback, type Person } from '../helpers/account.js';
import type { Answer, ListeningServer } from '../helpers/listening.js';
import { ethereumWallet, signInWithWallet, type Wallet } from '../helpers/wallets.js';

/** The second step's routes (contract twoStepRoutes), as the login mount calls them. */
export const STEP = {
  totp: '/sdk/v1/two_step/totp/authenticate',
  recoveryCode: '/sdk/v1/two_step/recovery_codes/authenticate',
  create: '/sdk/v1/two_step/totp/create',
  enrol: '/sdk/v1/two_step/totp/enrol',
} as const;

/** The account page's confirm routes: the second step proven again on a signed-in session. */
export const CONFIRM = { totp: '/sdk/v1/two_step/totp/confirm', recoveryCode: '/sdk/v1/two_step/recovery_codes/confirm' } as const;

/** An app's time step: 30 seconds. */
export const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` at `at` (now by default), computed as apps do (RFC 6238 defaults). */
export function appCode(secret: string, at: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/** The app's code of the step after `at`'s: right now (one step of drift), and not the one used to turn the app on at `at`. */
export function nextCode(secret: string, at: Date = new Date()): string {
  return appCode(secret, new Date(at.getTime() + STEP_MS));
}

/** `count` different 6-digit codes, none of them right at `at` (its step or either next to it). */
export function wrongCodes(secret: string, count: number, at: Date = new Date()): string[] {
  const right = new Set([-1, 0, 1].map((drift) => appCode(secret, new Date(at.getTime() + drift * STEP_MS))));
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!right.has(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** Turns two-step verification on from the account page with the app's code at `at`: the key and the ten recovery codes. */
export async function turnOn(s: ListeningServer, who: Pick<Person, 'session' | 'from'>, at?: Date): Promise<{ secret: string; recoveryCodes: string[] }> {
  const created = await asPerson(s, who, 'two_step/totp/create', {});
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const secret: string = created.body.secret;
  const enrolled = await asPerson(s, who, 'two_step/totp/enrol', { code: appCode(secret, at) });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  return { secret, recoveryCodes: enrolled.body.recovery_codes };
}

/**
 * The app's next code confirmed on the person's session (the account page's confirm step): with
 * the app on, turning it off and new recovery codes need that, not only a recent sign-in.
 */
export async function confirmWithApp(s: ListeningServer, who: Pick<Person, 'session' | 'from'>, secret: string, at?: Date): Promise<void> {
  const confirmed = await s.send('POST', CONFIRM.totp, { code: nextCode(secret, at) }, { session: who.session, from: who.from });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

/** A magic link to `email` used again: the first step's answer (an intermediate session when the second step is due). */
export async function firstStepByLink(
  s: ListeningServer,
  email: string,
  from: string,
  extra: { session_duration_minutes?: number } = {},
): Promise<IntermediateSessionResponse | SessionResponse> {
  const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
  const used = await s.send('POST', '/sdk/v1/magic_links/authenticate', { token, ...extra }, { from });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  return used.body;
}

/** A first step's answer that is held back for the second step ('verify' unless said): its intermediate token. It carries no session. */
export function heldToken(answer: unknown, twoStep: 'verify' | 'enrol' = 'verify'): string {
  // Nothing but the intermediate session: no session, nor the User, to whoever has proven one factor only.
  expect(answer, JSON.stringify(answer)).toEqual({
    status_code: 200,
    request_id: expect.any(String),
    user_id: expect.any(String),
    intermediate_session_token: expect.any(String),
    intermediate_session_expires_at: expect.any(String),
    two_step: twoStep,
  });
  return (answer as IntermediateSessionResponse).intermediate_session_token;
}

/** The second step with a code from the app (`bodyAfter`: held back, helpers/together.ts). */
export function withAppCode(s: ListeningServer, token: string, code: string, from: string, bodyAfter?: Promise<unknown>): Promise<Answer> {
  return s.send('POST', STEP.totp, { intermediate_session_token: token, code }, { from, bodyAfter });
}

/** The second step with a recovery code. */
export function withRecoveryCode(s: ListeningServer, token: string, code: string, from: string, bodyAfter?: Promise<unknown>): Promise<Answer> {
  return s.send('POST', STEP.recoveryCode, { intermediate_session_token: token, recovery_code: code }, { from, bodyAfter });
}

/** The session's factors, as type/delivery_method, in order. */
export function factorsOf(response: Pick<SessionResponse, 'session'>): string[] {
  return response.session.authentication_factors.map((factor) => `${factor.type}/${factor.delivery_method}`);
}

/** How long the session lasts from its start, in minutes. */
export function durationOf(response: Pick<SessionResponse, 'session'>): number {
  return (Date.parse(response.session.expires_at) - Date.parse(response.session.started_at)) / 60_000;
}

/** How many answers of each status and error_type (200 for the successes): what parallel calls came to. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 200 ? '200' : `${answer.status} ${answer.body?.error_type}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Someone who signs in with a wallet and has turned two-step verification on (on the real clock). */
export interface WalletPerson {
  wallet: Wallet;
  userId: string;
  session: string;
  from: string;
  secret: string;
  recoveryCodes: string[];
}

export async function walletPersonWithApp(s: ListeningServer): Promise<WalletPerson> {
  const wallet = ethereumWallet();
  const from = loopback();
  const first = await signInWithWallet(s, wallet, { from });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const who = { session: first.body.session_token as string, from };
  return { wallet, userId: first.body.user_id, ...who, ...(await turnOn(s, who)) };
}

/**
 * `count` first steps with the wallet, each from an address of its own, one after another (a
 * wallet has one sign-in message at a time): their intermediate tokens, on `servers` in turn.
 */
export async function heldSignIns(servers: ListeningServer[], wallet: Wallet, count: number): Promise<Array<{ token: string; from: string }>> {
  const held: Array<{ token: string; from: string }> = [];
  for (let n = 0; n < count; n++) {
    const from = loopback();
    held.push({ token: heldToken((await signInWithWallet(servers[n % servers.length]!, wallet, { from })).body), from });
  }
  return held;
}

/** The user's live sessions, as the account page lists them. */
export async function sessionCount(s: ListeningServer, who: Pick<Person, 'session' | 'from'>): Promise<number> {
  const listed = await asPerson(s, who, 'sessions');
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.sessions.length;
}
