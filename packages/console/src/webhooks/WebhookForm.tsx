import type { Webhook, WebhookEventType } from '@vestibule/contract';
import { type FormEvent, useState } from 'react';
import { ErrorNote } from '../parts/ErrorNote';
import type { Action } from '../session/confirm';
import { describeEventType, eventTypes } from './event-types';

export interface WebhookFields {
  url: string;
  description: string;
  event_types: WebhookEventType[];
  disabled: boolean;
}

/**
 * An endpoint's URL, what it is for and the events it takes (and, once it exists, whether it is
 * turned off). The API checks the URL; its refusal shows beside the button.
 */
export function WebhookForm({
  webhook,
  action,
  submitLabel,
  onSubmit,
}: {
  webhook?: Webhook;
  action: Action;
  submitLabel: string;
  onSubmit(fields: WebhookFields): void;
}) {
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [chosen, setChosen] = useState<Set<WebhookEventType>>(new Set(webhook?.event_types ?? eventTypes));
  const [disabled, setDisabled] = useState(webhook?.disabled ?? false);
  const [unchosen, setUnchosen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setUnchosen(chosen.size === 0);
    if (chosen.size > 0) onSubmit({ url, description, event_types: eventTypes.filter((type) => chosen.has(type)), disabled });
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  return (
    <form onSubmit={submit} className="form">
      <label className="field">
        <span>URL</span>
        <input type="url" value={url} onChange={(event) => setUrl(event.target.value)} required placeholder="https://example.com/webhooks/vestibule" />
      </label>
      <label className="field">
        <span>Description (optional)</span>
        <input value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
      </label>
      <fieldset className="choices">
        <legend>Events to send</legend>
        <div className="actions">
          <button type="button" className="button quiet" onClick={() => setChosen(new Set(eventTypes))}>
            Choose all
          </button>
          <button type="button" className="button quiet" onClick={() => setChosen(new Set())}>
            Choose none
          </button>
        </div>
        <ul className="plain checks">
          {eventTypes.map((type) => (
            <li key={type}>
              <label>
                <input type="checkbox" checked={chosen.has(type)} onChange={(event) => toggle(type, event.target.checked)} /> <code>{type}</code>{' '}
                <span className="muted">{describeEventType(type)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {webhook ? (
        <label className="check">
          <input type="checkbox" checked={disabled} onChange={(event) => setDisabled(event.target.checked)} /> Turned off: send nothing until it is turned on
          again
        </label>
      ) : null}
      <ErrorNote error={unchosen ? { message: 'Choose at least one event to send.' } : action.error} />
      <button type="submit" className="button" aria-disabled={action.pending}>
        {submitLabel}
      </button>
    </form>
  );
}
