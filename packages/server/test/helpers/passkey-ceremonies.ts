import type { SessionResponse } from '@vestibule/contract';
import type { Answer, ListeningServer, SendOptions } from './listening.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

/** Registers a passkey of `authenticator` into `session` over real sockets, as the browser's page does: start, create, finish. */
export async function registerPasskey(
  s: ListeningServer,
  authenticator: SoftAuthenticator,
  options: SendOptions & { session: string },
): Promise<Answer<SessionResponse>> {
  const start = await s.send('POST', '/sdk/v1/webauthn/register/start', {}, options);
  if (start.status !== 200) return start;
  const credential = authenticator.register(start.body.public_key_credential_creation_options);
  return s.send<SessionResponse>('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, options);
}

/** Signs in with a passkey of `authenticator` over real sockets (no session: the passkey names its user). */
export async function signInWithPasskey(s: ListeningServer, authenticator: SoftAuthenticator, options: SendOptions = {}): Promise<Answer<SessionResponse>> {
  const start = await s.send('POST', '/sdk/v1/webauthn/authenticate/start', {}, options);
  if (start.status !== 200) throw new Error(`passkey start refused: ${JSON.stringify(start.body)}`);
  const credential = authenticator.authenticate(start.body.public_key_credential_request_options);
  return s.send<SessionResponse>('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential }, options);
}
