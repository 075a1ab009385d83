import { useState } from 'react';
import type { VestibuleClient } from '@vestibule/client';
import { useSession } from '../use-session';
import { signedInAs } from '../signed-in-as';

/** Shows who is signed in, and a 'Log out' that revokes the session on the server. */
export function SessionPanel({ client }: { client: VestibuleClient }) {
  const { user, session } = useSession(client);
  const [error, setError] = useState<string | null>(null);
  if (!user || !session) {
    return (
      <section className="session" aria-label="Session">
        <p>Signed out.</p>
      </section>
    );
  }
  const logOut = async () => {
    setError(null);
    try {
      await client.session.revoke({ forceClear: true });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const who = signedInAs(user);
  return (
    <section className="session" aria-label="Session">
      <p>
        Signed in as{' '}
        <strong data-testid={`signed-in-${who.kind}`} className={who.kind === 'phone' ? 'nowrap' : undefined}>
          {who.text}
        </strong>
      </p>
      <dl>
        <dt>user_id</dt>
        <dd data-testid="user-id">{user.user_id}</dd>
        <dt>session_id</dt>
        <dd data-testid="session-id">{session.session_id}</dd>
        <dt>expires_at</dt>
        <dd>{new Date(session.expires_at).toLocaleString()}</dd>
      </dl>
      <button type="button" onClick={logOut}>
        Log out
      </button>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
