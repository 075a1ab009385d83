import type { ManagedUser } from '@vestibule/contract';
import { useState } from 'react';
import { Link } from 'wouter';
import { useLoad } from '../api/use-load';
import { ConfirmDialog } from '../parts/ConfirmDialog';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime, userLabel } from '../parts/format';
import { Notice } from '../parts/Notice';
import { PageHeading } from '../parts/PageHeading';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';
import { Contacts } from './Contacts';
import { Devices } from './Devices';
import { UserEvents } from './UserEvents';
import { WaysIn } from './WaysIn';

/** One user, whole: who they are, their addresses and numbers, ways in, devices and events, and deleting them. */
export function UserPage({ userId }: { userId: string }) {
  const { call } = useOperator();
  const user = useLoad(userId, () => call('GET /v1/users/{user_id}', { params: { user_id: userId } }));
  const [deleted, setDeleted] = useState<string | null>(null);
  // Each change made here (a device revoked, two-step verification reset) is an event too.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    user.reload();
    setChanges((n) => n + 1);
  };
  const found = user.data?.user;
  const label = deleted ?? (found ? userLabel(found) : 'User');
  return (
    <>
      <PageHeading title={label} />
      {deleted ? (
        <Deleted label={deleted} />
      ) : found ? (
        <>
          <Summary user={found} />
          <Contacts user={found} />
          <WaysIn user={found} onChange={changed} />
          <Devices userId={userId} onChange={changed} />
          <UserEvents userId={userId} changes={changes} />
          <DeleteUser user={found} onDeleted={() => setDeleted(userLabel(found))} />
        </>
      ) : (
        <>
          <ErrorNote error={user.error} />
          {user.loading ? <p className="status">Loading the user…</p> : <Link href="/">Back to users</Link>}
        </>
      )}
    </>
  );
}

function Summary({ user }: { user: ManagedUser }) {
  return (
    <dl className="summary">
      <dt>User id</dt>
      <dd>
        <code>{user.user_id}</code>
      </dd>
      <dt>Name</dt>
      <dd>{user.name ?? 'None'}</dd>
      <dt>Created</dt>
      <dd>{dateTime(user.created_at)}</dd>
      <dt>Last sign-in</dt>
      <dd>{dateTime(user.last_sign_in_at)}</dd>
    </dl>
  );
}

function Deleted({ label }: { label: string }) {
  return (
    <>
      <Notice>{label} is deleted, with everything that was theirs; their sessions have ended.</Notice>
      <Link href="/">Back to users</Link>
    </>
  );
}

function DeleteUser({ user, onDeleted }: { user: ManagedUser; onDeleted(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const label = userLabel(user);
  const remove = async () => {
    if (await action.run(() => call('DELETE /v1/users/{user_id}', { params: { user_id: user.user_id } }))) onDeleted();
  };
  return (
    <section aria-labelledby="delete-user" className="section danger-zone">
      <h2 id="delete-user">Delete user</h2>
      <p>Deletes the user and everything that is theirs. Every session of theirs ends at once, and their addresses are free to sign up again.</p>
      <button type="button" className="button danger" onClick={() => setAsking(true)}>
        Delete user
      </button>
      {asking ? (
        <ConfirmDialog
          title={`Delete ${label}?`}
          confirmLabel={`Delete ${label}`}
          action={action}
          onConfirm={() => void remove()}
          onClose={() => setAsking(false)}
        >
          <p>
            <strong>{label}</strong> and everything that is theirs will be deleted, and every session of theirs will end. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
