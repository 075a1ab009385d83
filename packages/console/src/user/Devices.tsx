import type { ManagedSession } from '@vestibule/contract';
import { useState } from 'react';
import { useLoad } from '../api/use-load';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime, methodName } from '../parts/format';
import { Notice } from '../parts/Notice';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';

/** 'Chrome 131 on macOS 15', from what the session's user agent says. */
const deviceName = (session: ManagedSession) =>
  `${session.browser ?? 'Unknown browser'} on ${session.os ?? 'an unknown system'}${session.device_type ? ` (${session.device_type})` : ''}`;

/** The user's live sessions, each with 'Revoke', which ends it at once on every instance. */
export function Devices({ userId, onChange }: { userId: string; onChange(): void }) {
  const { call } = useOperator();
  const sessions = useLoad(userId, () => call('GET /v1/users/{user_id}/sessions', { params: { user_id: userId } }));
  const [revoked, setRevoked] = useState<string | null>(null);
  return (
    <section aria-labelledby="devices" className="section">
      <h2 id="devices">Devices</h2>
      <ErrorNote error={sessions.error} />
      {revoked ? <Notice key={revoked}>{revoked} is signed out.</Notice> : null}
      {sessions.data ? (
        sessions.data.sessions.length ? (
          <ul className="plain devices">
            {sessions.data.sessions.map((session) => (
              <Device
                key={session.session_id}
                session={session}
                onRevoked={() => {
                  setRevoked(deviceName(session));
                  sessions.reload();
                  onChange();
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="muted">Signed in nowhere.</p>
        )
      ) : sessions.loading ? (
        <p className="status">Loading devices…</p>
      ) : null}
    </section>
  );
}

function Device({ session, onRevoked }: { session: ManagedSession; onRevoked(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const name = deviceName(session);
  const revoke = async () => {
    if (await action.run(() => call('POST /v1/sessions/revoke', { request: { session_id: session.session_id } }))) onRevoked();
  };
  return (
    <li className="device">
      <div>
        <strong>{name}</strong>
        <p className="muted">
          Signed in {dateTime(session.started_at)} by{' '}
          {session.authentication_factors.map((factor) => methodName(factor.type)).join(' and ') || 'an unknown way'}
          {session.ip_address ? ` from ${session.ip_address}` : ''}; last active {dateTime(session.last_accessed_at)}.
        </p>
        <ErrorNote error={action.error} />
      </div>
      <button
        type="button"
        className="button secondary"
        aria-label={`Revoke ${name}, signed in ${dateTime(session.started_at)}`}
        aria-disabled={action.pending}
        onClick={() => !action.pending && void revoke()}
      >
        Revoke
      </button>
    </li>
  );
}
