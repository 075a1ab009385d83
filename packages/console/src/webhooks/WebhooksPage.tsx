import { useState } from 'react';
import { Link } from 'wouter';
import { useLoad } from '../api/use-load';
import { Dialog } from '../parts/Dialog';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime } from '../parts/format';
import { PageHeading } from '../parts/PageHeading';
import { SecretOnce } from '../parts/SecretOnce';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';
import { type WebhookFields, WebhookForm } from './WebhookForm';

/** Webhook endpoints: each with what it takes and whether it is on; a new one gets its signing secret, shown once. */
export function WebhooksPage() {
  const { call } = useOperator();
  const webhooks = useLoad('webhooks', () => call('GET /v1/webhooks'));
  const action = useAction();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);
  const add = async (fields: WebhookFields) => {
    const answer = await action.run(() =>
      call('POST /v1/webhooks', { request: { url: fields.url, event_types: fields.event_types, description: fields.description || undefined } }),
    );
    if (!answer) return;
    setAdding(false);
    setMade({ url: answer.webhook.url, secret: answer.secret });
    webhooks.reload();
  };
  return (
    <>
      <PageHeading title="Webhooks" />
      <p>
        Each event an endpoint takes is POSTed to its URL, signed as the Standard Webhooks specification says with the endpoint's secret, and retried for 24
        hours until it answers 2xx.
      </p>
      <button type="button" className="button" onClick={() => setAdding(true)}>
        Add endpoint
      </button>
      {adding ? (
        <Dialog title="Add endpoint" onClose={() => setAdding(false)}>
          <WebhookForm action={action} submitLabel="Add endpoint" onSubmit={(fields) => void add(fields)} />
        </Dialog>
      ) : null}
      {made ? <SecretOnce title={`Signing secret for ${made.url}`} label="Signing secret" secret={made.secret} onClose={() => setMade(null)} /> : null}
      <h2>Endpoints</h2>
      <ErrorNote error={webhooks.error} />
      {webhooks.data ? (
        webhooks.data.webhooks.length ? (
          <div className="table-frame">
            <table>
              <caption className="visually-hidden">Webhook endpoints, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">State</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {webhooks.data.webhooks.map((webhook) => (
                  <tr key={webhook.webhook_id}>
                    <td className="breakable">
                      <Link href={`/webhooks/${encodeURIComponent(webhook.webhook_id)}`}>{webhook.url}</Link>
                      {webhook.description ? <span className="muted"> {webhook.description}</span> : null}
                    </td>
                    <td>{webhook.event_types.length}</td>
                    <td>{webhook.disabled ? 'Turned off' : 'On'}</td>
                    <td>{dateTime(webhook.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">No endpoints yet.</p>
        )
      ) : webhooks.loading ? (
        <p className="status">Loading endpoints…</p>
      ) : null}
    </>
  );
}
