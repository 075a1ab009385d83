import type { ManagementKey } from '@vestibule/contract';
import { type FormEvent, useState } from 'react';
import { useLoad } from '../api/use-load';
import { ConfirmDialog } from '../parts/ConfirmDialog';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime } from '../parts/format';
import { Notice } from '../parts/Notice';
import { PageHeading } from '../parts/PageHeading';
import { SecretOnce } from '../parts/SecretOnce';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';

/** Management API keys: those that work, a new one (shown once), and revoking one. */
export function KeysPage() {
  const { call } = useOperator();
  const keys = useLoad('keys', () => call('GET /v1/keys'));
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeading title="Keys" />
      <p>
        A key lets a back end call the management API (<code>Authorization: Bearer</code>) with everything the console can do. Keep it where your secrets live.
      </p>
      <CreateKey onCreated={keys.reload} />
      <h2>Keys that work</h2>
      {notice ? <Notice key={notice}>{notice}</Notice> : null}
      <ErrorNote error={keys.error} />
      {keys.data ? (
        keys.data.management_keys.length ? (
          <div className="table-frame">
            <table>
              <caption className="visually-hidden">Management keys, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.management_keys.map((key) => (
                  <KeyRow
                    key={key.key_id}
                    managementKey={key}
                    onRevoked={() => {
                      setNotice(`The key ${key.name} is revoked.`);
                      keys.reload();
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">No keys yet.</p>
        )
      ) : keys.loading ? (
        <p className="status">Loading keys…</p>
      ) : null}
    </>
  );
}

function CreateKey({ onCreated }: { onCreated(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await action.run(() => call('POST /v1/keys', { request: { name } }));
    if (!answer) return;
    setMade({ name: answer.management_key.name, key: answer.key });
    setName('');
    onCreated();
  };
  return (
    <>
      <form className="card" onSubmit={(event) => void submit(event)}>
        <h2>New key</h2>
        <div className="row">
          <label className="field">
            <span>Name</span>
            <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} autoComplete="off" />
          </label>
          <button type="submit" className="button" aria-disabled={action.pending}>
            Create key
          </button>
        </div>
        <ErrorNote error={action.error} />
      </form>
      {made ? <SecretOnce title={`The key ${made.name}`} label="Management key" secret={made.key} onClose={() => setMade(null)} /> : null}
    </>
  );
}

function KeyRow({ managementKey, onRevoked }: { managementKey: ManagementKey; onRevoked(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const revoke = async () => {
    if (await action.run(() => call('DELETE /v1/keys/{key_id}', { params: { key_id: managementKey.key_id } }))) onRevoked();
  };
  return (
    <tr>
      <td className="breakable">{managementKey.name}</td>
      <td>{dateTime(managementKey.created_at)}</td>
      <td>{dateTime(managementKey.last_used_at)}</td>
      <td>
        <button type="button" className="button secondary" aria-label={`Revoke ${managementKey.name}`} onClick={() => setAsking(true)}>
          Revoke
        </button>
        {asking ? (
          <ConfirmDialog
            title={`Revoke the key ${managementKey.name}?`}
            confirmLabel="Revoke key"
            action={action}
            onConfirm={() => void revoke()}
            onClose={() => setAsking(false)}
          >
            <p>Every call made with it is refused from now on, on every instance. This cannot be undone.</p>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}
