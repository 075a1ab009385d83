import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { User } from '@vestibule/contract';
import { uniqueEmail } from './harness.js';
import type { Answer, ListeningServer } from './listening.js';
import { codeIn } from './otp.js';

/** The account page's routes (contract accountRoutes), by their path under /sdk/v1/account/. */
export const account = (path: string) => `/sdk/v1/account/${path}`;

/** A client address of its own (any of 127.0.0.0/8 reaches the server), so per-client limits of other tests never meet it. */
export function loopback(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A person signed in by a magic link (so their email is proven), on a client address of their own. */
export interface Person {
  email: string;
  session: string;
  userId: string;
  from: string;
  user: User;
}

export async function signedIn(s: ListeningServer, label = 'account'): Promise<Person> {
  const email = uniqueEmail(label);
  const from = loopback();
  const signed = await s.signInByLink(email, from);
  return { email, session: signed.session_token, userId: signed.user_id, from, user: signed.user };
}

/** A call of the account page as `who`, with their session and from their address. */
export function asPerson<T = any>(s: ListeningServer, who: Pick<Person, 'session' | 'from'>, path: string, body?: unknown): Promise<Answer<T>> {
  return s.send<T>(body === undefined ? 'GET' : 'POST', account(path), body, { session: who.session, from: who.from });
}

/** The passcode last sent to an address or number, from the development outbox. */
export async function lastCode(s: ListeningServer, to: string): Promise<string> {
  const [message] = await s.outbox(to);
  if (!message) throw new Error(`Nothing in the outbox for ${to}`);
  return codeIn(message.text);
}

/** Adds an email address to the person's account: the passcode sent to it, then entered. */
export async function addEmail(s: ListeningServer, who: Person, email: string): Promise<User> {
  const started = await asPerson(s, who, 'emails/start', { email });
  if (started.status !== 200) throw new Error(`emails/start: ${JSON.stringify(started.body)}`);
  const added = await asPerson<User>(s, who, 'emails/add', { email, code: await lastCode(s, email) });
  if (added.status !== 200) throw new Error(`emails/add: ${JSON.stringify(added.body)}`);
  return added.body;
}

/** Adds a phone number to the person's account: the passcode texted to it, then entered. */
export async function addPhone(s: ListeningServer, who: Person, phone: string): Promise<User> {
  const started = await asPerson(s, who, 'phone_numbers/start', { phone_number: phone });
  if (started.status !== 200) throw new Error(`phone_numbers/start: ${JSON.stringify(started.body)}`);
  const added = await asPerson<User>(s, who, 'phone_numbers/add', { phone_number: phone, code: await lastCode(s, phone) });
  if (added.status !== 200) throw new Error(`phone_numbers/add: ${JSON.stringify(added.body)}`);
  return added.body;
}

/** The answer is the error a person would be shown: its status and error_type (the body in the failure message). */
export function expectError(answer: Answer, status: number, errorType: string): void {
  expect({ status: answer.status, error_type: answer.body?.error_type }, JSON.stringify(answer.body)).toEqual({ status, error_type: errorType });
}
