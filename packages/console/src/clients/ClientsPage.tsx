import type { ManagementIdpClient } from '@vestibule/contract';
import { useState } from 'react';
import { useLoad } from '../api/use-load';
import { ConfirmDialog } from '../parts/ConfirmDialog';
import { Dialog } from '../parts/Dialog';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime } from '../parts/format';
import { Notice } from '../parts/Notice';
import { PageHeading } from '../parts/PageHeading';
import { SecretOnce } from '../parts/SecretOnce';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';
import { type ClientFields, ClientForm } from './ClientForm';

/**
 * The identity provider's clients: the configuration file's, read-only, and those made here, which
 * can be changed and deleted. A confidential client's secret is shown once, when it is made or
 * replaced.
 */
export function ClientsPage() {
  const { call } = useOperator();
  const clients = useLoad('clients', () => call('GET /v1/idp_clients'));
  const action = useAction();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const add = async (fields: ClientFields) => {
    const answer = await action.run(() =>
      call('POST /v1/idp_clients', {
        request: {
          client_name: fields.client_name,
          client_type: fields.client_type,
          client_id: fields.client_id || undefined,
          redirect_uris: fields.redirect_uris,
          post_logout_redirect_uris: fields.post_logout_redirect_uris,
          allowed_origins: fields.allowed_origins,
          allowed_scopes: fields.allowed_scopes,
        },
      }),
    );
    if (!answer) return;
    setAdding(false);
    if (answer.client_secret) setSecret({ name: answer.client.client_name, secret: answer.client_secret });
    else setNotice(`${answer.client.client_name} is registered as ${answer.client.client_id}.`);
    clients.reload();
  };
  return (
    <>
      <PageHeading title="Clients" />
      <p>Applications that sign their users in with this project over OpenID Connect.</p>
      <button type="button" className="button" onClick={() => setAdding(true)}>
        Add client
      </button>
      {adding ? (
        <Dialog title="Add client" onClose={() => setAdding(false)}>
          <ClientForm action={action} submitLabel="Add client" onSubmit={(fields) => void add(fields)} />
        </Dialog>
      ) : null}
      {secret ? <SecretOnce title={`Client secret of ${secret.name}`} label="Client secret" secret={secret.secret} onClose={() => setSecret(null)} /> : null}
      <h2>Clients</h2>
      {notice ? <Notice key={notice}>{notice}</Notice> : null}
      <ErrorNote error={clients.error} />
      {clients.data ? (
        clients.data.clients.length ? (
          <ul className="plain clients">
            {clients.data.clients.map((client) => (
              <ClientEntry
                key={`${client.source}:${client.client_id}`}
                client={client}
                onSecret={(made) => setSecret({ name: client.client_name, secret: made })}
                onChanged={(what) => {
                  setNotice(what);
                  clients.reload();
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="muted">No clients yet.</p>
        )
      ) : clients.loading ? (
        <p className="status">Loading clients…</p>
      ) : null}
    </>
  );
}

function ClientEntry({ client, onSecret, onChanged }: { client: ManagementIdpClient; onSecret(secret: string): void; onChanged(what: string): void }) {
  const { call } = useOperator();
  const edit = useAction();
  const remove = useAction();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = async (fields: ClientFields) => {
    const answer = await edit.run(() =>
      call('PATCH /v1/idp_clients/{client_id}', {
        params: { client_id: client.client_id },
        request: {
          client_name: fields.client_name,
          redirect_uris: fields.redirect_uris,
          post_logout_redirect_uris: fields.post_logout_redirect_uris,
          allowed_origins: fields.allowed_origins,
          allowed_scopes: fields.allowed_scopes,
          rotate_secret: fields.rotate_secret || undefined,
        },
      }),
    );
    if (!answer) return;
    setEditing(false);
    if (answer.client_secret) onSecret(answer.client_secret);
    onChanged(`${answer.client.client_name} is saved.`);
  };
  const destroy = async () => {
    if (await remove.run(() => call('DELETE /v1/idp_clients/{client_id}', { params: { client_id: client.client_id } }))) {
      onChanged(`${client.client_name} is deleted; its tokens and grants have ended.`);
    }
  };
  const headingId = `client-${client.source}-${client.client_id}`;
  return (
    <li className="card">
      <h3 id={headingId} className="breakable">
        {client.client_name}
      </h3>
      <dl className="summary">
        <dt>Client id</dt>
        <dd>
          <code className="breakable">{client.client_id}</code>
        </dd>
        <dt>Type</dt>
        <dd>{client.client_type === 'confidential' ? 'Confidential (has a secret)' : 'Public (PKCE)'}</dd>
        <dt>Redirect URIs</dt>
        <dd className="breakable">{client.redirect_uris.join(', ')}</dd>
        {client.post_logout_redirect_uris.length ? (
          <>
            <dt>Post-logout redirect URIs</dt>
            <dd className="breakable">{client.post_logout_redirect_uris.join(', ')}</dd>
          </>
        ) : null}
        {client.allowed_origins.length ? (
          <>
            <dt>Allowed origins</dt>
            <dd className="breakable">{client.allowed_origins.join(', ')}</dd>
          </>
        ) : null}
        <dt>Scopes</dt>
        <dd>{client.allowed_scopes.join(' ')}</dd>
        <dt>Source</dt>
        <dd>{client.source === 'config' ? 'The configuration file (change it there)' : `Made here ${dateTime(client.created_at)}`}</dd>
      </dl>
      {client.source === 'api' ? (
        <div className="actions">
          <button type="button" className="button secondary" aria-label={`Edit ${client.client_name}`} onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="button danger" aria-label={`Delete ${client.client_name}`} onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      ) : null}
      {editing ? (
        <Dialog title={`Edit ${client.client_name}`} onClose={() => setEditing(false)}>
          <ClientForm client={client} action={edit} submitLabel="Save" onSubmit={(fields) => void save(fields)} />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete ${client.client_name}?`}
          confirmLabel="Delete client"
          action={remove}
          onConfirm={() => void destroy()}
          onClose={() => setDeleting(false)}
        >
          <p>Its users are signed out of it: its grants, tokens and remembered consents end at once. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
