import type { Webhook, WebhookDelivery } from '@vestibule/contract';
import { useState } from 'react';
import { Link } from 'wouter';
import { useLoad } from '../api/use-load';
import { ConfirmDialog } from '../parts/ConfirmDialog';
import { Dialog } from '../parts/Dialog';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime } from '../parts/format';
import { Notice } from '../parts/Notice';
import { PageHeading } from '../parts/PageHeading';
import { useAction } from '../session/confirm';
import { useOperator } from '../session/context';
import { describeEventType } from './event-types';
import { type WebhookFields, WebhookForm } from './WebhookForm';

/** One endpoint: what it takes, changing or deleting it, and its recent deliveries with 'Resend'. */
export function WebhookPage({ webhookId }: { webhookId: string }) {
  const { call } = useOperator();
  const webhook = useLoad(webhookId, () => call('GET /v1/webhooks/{webhook_id}', { params: { webhook_id: webhookId } }));
  const [deleted, setDeleted] = useState(false);
  const found = webhook.data?.webhook;
  return (
    <>
      <PageHeading title={found?.url ?? 'Webhook endpoint'} />
      {deleted ? (
        <>
          <Notice>The endpoint is deleted: nothing more is sent to it.</Notice>
          <Link href="/webhooks">Back to webhooks</Link>
        </>
      ) : found ? (
        <>
          <Details webhook={found} onChanged={webhook.reload} onDeleted={() => setDeleted(true)} />
          <Deliveries webhookId={webhookId} />
        </>
      ) : (
        <>
          <ErrorNote error={webhook.error} />
          {webhook.loading ? <p className="status">Loading the endpoint…</p> : <Link href="/webhooks">Back to webhooks</Link>}
        </>
      )}
    </>
  );
}

function Details({ webhook, onChanged, onDeleted }: { webhook: Webhook; onChanged(): void; onDeleted(): void }) {
  const { call } = useOperator();
  const edit = useAction();
  const remove = useAction();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [saved, setSaved] = useState(0);
  const save = async (fields: WebhookFields) => {
    const answer = await edit.run(() =>
      call('PATCH /v1/webhooks/{webhook_id}', {
        params: { webhook_id: webhook.webhook_id },
        request: { url: fields.url, event_types: fields.event_types, description: fields.description || null, disabled: fields.disabled },
      }),
    );
    if (!answer) return;
    setEditing(false);
    setSaved((n) => n + 1);
    onChanged();
  };
  const destroy = async () => {
    if (await remove.run(() => call('DELETE /v1/webhooks/{webhook_id}', { params: { webhook_id: webhook.webhook_id } }))) onDeleted();
  };
  return (
    <section aria-labelledby="endpoint" className="section">
      <h2 id="endpoint">Endpoint</h2>
      {saved ? <Notice key={saved}>The endpoint is saved.</Notice> : null}
      <dl className="summary">
        <dt>State</dt>
        <dd>{webhook.disabled ? 'Turned off: nothing is sent' : 'On'}</dd>
        <dt>Description</dt>
        <dd>{webhook.description ?? 'None'}</dd>
        <dt>Created</dt>
        <dd>{dateTime(webhook.created_at)}</dd>
        <dt>Events</dt>
        <dd>
          <ul className="plain">
            {webhook.event_types.map((type) => (
              <li key={type}>
                <code>{type}</code> <span className="muted">{describeEventType(type)}</span>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => setEditing(true)}>
          Edit endpoint
        </button>
        <button type="button" className="button danger" onClick={() => setDeleting(true)}>
          Delete endpoint
        </button>
      </div>
      {editing ? (
        <Dialog title="Edit endpoint" onClose={() => setEditing(false)}>
          <WebhookForm webhook={webhook} action={edit} submitLabel="Save" onSubmit={(fields) => void save(fields)} />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete the endpoint ${webhook.url}?`}
          confirmLabel="Delete endpoint"
          action={remove}
          onConfirm={() => void destroy()}
          onClose={() => setDeleting(false)}
        >
          <p>Nothing more is sent to it, and its deliveries are deleted with it.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

const STATUS: Record<WebhookDelivery['status'], string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };

/** What the last attempt got: the endpoint's status, or why there was none. */
const outcome = (delivery: WebhookDelivery) =>
  delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? (delivery.attempts ? 'No answer' : 'Not tried yet'));

function Deliveries({ webhookId }: { webhookId: string }) {
  const { call } = useOperator();
  const deliveries = useLoad(webhookId, () => call('GET /v1/webhooks/{webhook_id}/deliveries', { params: { webhook_id: webhookId }, request: { limit: 20 } }));
  const [resent, setResent] = useState<string | null>(null);
  return (
    <section aria-labelledby="deliveries" className="section">
      <h2 id="deliveries">Recent deliveries</h2>
      <div className="actions">
        <button type="button" className="button quiet" onClick={deliveries.reload}>
          Refresh
        </button>
      </div>
      {resent ? <Notice key={resent}>Sent again as a new delivery of {resent}.</Notice> : null}
      <ErrorNote error={deliveries.error} />
      {deliveries.data ? (
        deliveries.data.deliveries.length ? (
          <div className="table-frame">
            <table>
              <caption className="visually-hidden">Deliveries to this endpoint, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last attempt</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.deliveries.map((delivery) => (
                  <DeliveryRow
                    key={delivery.delivery_id}
                    delivery={delivery}
                    onResent={() => {
                      setResent(`${delivery.event_type} (${delivery.delivery_id})`);
                      deliveries.reload();
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">Nothing delivered yet.</p>
        )
      ) : deliveries.loading ? (
        <p className="status">Loading deliveries…</p>
      ) : null}
    </section>
  );
}

function DeliveryRow({ delivery, onResent }: { delivery: WebhookDelivery; onResent(): void }) {
  const { call } = useOperator();
  const action = useAction();
  const resend = async () => {
    const answer = await action.run(() =>
      call('POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', {
        params: { webhook_id: delivery.webhook_id, delivery_id: delivery.delivery_id },
      }),
    );
    if (answer) onResent();
  };
  return (
    <tr>
      <td>
        <code>{delivery.event_type}</code>
        <div className="muted">{dateTime(delivery.created_at)}</div>
      </td>
      <td>
        <span className={`badge ${delivery.status}`}>{STATUS[delivery.status]}</span>
        {delivery.status === 'pending' && delivery.next_attempt_at ? <div className="muted">next try {dateTime(delivery.next_attempt_at)}</div> : null}
      </td>
      <td>{delivery.attempts}</td>
      <td className="breakable">
        {dateTime(delivery.last_attempt_at)}
        <div className="muted">{outcome(delivery)}</div>
      </td>
      <td>
        <button
          type="button"
          className="button secondary"
          aria-label={`Resend ${delivery.event_type} of ${dateTime(delivery.created_at)}`}
          aria-disabled={action.pending}
          onClick={() => !action.pending && void resend()}
        >
          Resend
        </button>
        <ErrorNote error={action.error} />
      </td>
    </tr>
  );
}
