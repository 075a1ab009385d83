import type { OutboxMessage, SessionResponse } from '@vestibule/contract';
import { tokenFromLink } from './harness.js';
import type { Answer, ListeningServer } from './listening.js';
import { registerPasskey, signInWithPasskey } from './passkey-ceremonies.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import { ORIGIN } from './test-config.js';

/** A person who signed up with a password and added a passkey: what a backup or an upgrade must keep. */
export interface PersonWithWaysIn {
  email: string;
  password: string;
  userId: string;
  /** The session the sign-up started. */
  session: string;
  authenticator: SoftAuthenticator;
}

/** What a person meets on a server: each way in, and the session they hold. */
export interface WaysInAnswers {
  password: { status: number; userId?: string };
  passkey: { status: number; userId?: string };
  session: { status: number; userId?: string };
}

const outcome = (answer: Answer<SessionResponse>) => ({ status: answer.status, userId: answer.body?.user_id });

/**
 * Signs up by magic link (a passkey needs a proven email), sets a password on the account page,
 * and registers a passkey into that session. Only `send` is used: any server with the development
 * outbox will do, in this process or not.
 */
export async function signUpWithWaysIn(s: Pick<ListeningServer, 'send'>, email: string, password: string): Promise<PersonWithWaysIn> {
  const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
  if (sent.status !== 200) throw new Error(`magic link not sent: ${JSON.stringify(sent.body)}`);
  const outbox = await s.send<{ messages: OutboxMessage[] }>('GET', `/dev/outbox?to=${encodeURIComponent(email)}`, undefined, { token: null });
  const signedUp = await s.send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token: tokenFromLink(outbox.body.messages[0]!.text).token });
  if (signedUp.status !== 200) throw new Error(`magic link refused: ${JSON.stringify(signedUp.body)}`);
  const session = signedUp.body.session_token;
  const set = await s.send('POST', '/sdk/v1/account/password', { password }, { session });
  if (set.status !== 200) throw new Error(`password refused: ${JSON.stringify(set.body)}`);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const registered = await registerPasskey(s as ListeningServer, authenticator, { session });
  if (registered.status !== 200) throw new Error(`passkey refused: ${JSON.stringify(registered.body)}`);
  return { email, password, userId: signedUp.body.user_id, session, authenticator };
}

/** Signs in with the person's password and passkey, and checks the session they held. */
export async function tryWaysIn(s: ListeningServer, person: Omit<PersonWithWaysIn, 'userId'>): Promise<WaysInAnswers> {
  return {
    password: outcome(await s.send('POST', '/sdk/v1/passwords/authenticate', { email: person.email, password: person.password })),
    passkey: outcome(await signInWithPasskey(s, person.authenticator)),
    session: outcome(await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session: person.session })),
  };
}

/** What tryWaysIn answers when every way in still works for `userId`. */
export const allWaysIn = (userId: string): WaysInAnswers => ({
  password: { status: 200, userId },
  passkey: { status: 200, userId },
  session: { status: 200, userId },
});
