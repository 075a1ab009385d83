import type { ManagementIdpClient } from '@vestibule/contract';
import { type FormEvent, useState } from 'react';
import { ErrorNote } from '../parts/ErrorNote';
import type { Action } from '../session/confirm';

export interface ClientFields {
  client_name: string;
  client_type: 'public' | 'confidential';
  client_id: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  allowed_origins: string[];
  allowed_scopes: string[];
  rotate_secret: boolean;
}

/** One entry a line (URIs, origins) or a word (scopes), blanks dropped. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * A client's settings. Made new: also its type and, if wanted, its own client_id; once made, a
 * confidential client may get a new secret. The API checks the URIs; its refusal, which names the
 * field, shows beside the button.
 */
export function ClientForm({
  client,
  action,
  submitLabel,
  onSubmit,
}: {
  client?: ManagementIdpClient;
  action: Action;
  submitLabel: string;
  onSubmit(fields: ClientFields): void;
}) {
  const [name, setName] = useState(client?.client_name ?? '');
  const [type, setType] = useState<'public' | 'confidential'>(client?.client_type ?? 'confidential');
  const [clientId, setClientId] = useState('');
  const [redirects, setRedirects] = useState(client?.redirect_uris.join('\n') ?? '');
  const [logouts, setLogouts] = useState(client?.post_logout_redirect_uris.join('\n') ?? '');
  const [origins, setOrigins] = useState(client?.allowed_origins.join('\n') ?? '');
  const [scopes, setScopes] = useState(client?.allowed_scopes.join(' ') ?? 'openid email profile');
  const [rotate, setRotate] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      client_name: name,
      client_type: type,
      client_id: clientId.trim(),
      redirect_uris: lines(redirects),
      post_logout_redirect_uris: lines(logouts),
      allowed_origins: lines(origins),
      allowed_scopes: words(scopes),
      rotate_secret: rotate,
    });
  };
  return (
    <form onSubmit={submit} className="form">
      <label className="field">
        <span>Name (the consent screen shows it)</span>
        <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} />
      </label>
      {client ? null : (
        <>
          <fieldset className="choices">
            <legend>Type</legend>
            <label className="check">
              <input type="radio" name="client-type" checked={type === 'confidential'} onChange={() => setType('confidential')} /> Confidential: a server that
              keeps a secret
            </label>
            <label className="check">
              <input type="radio" name="client-type" checked={type === 'public'} onChange={() => setType('public')} /> Public: a browser or mobile app, which
              cannot keep one (it uses PKCE)
            </label>
          </fieldset>
          <label className="field">
            <span>Client id (optional: a random one otherwise)</span>
            <input value={clientId} onChange={(event) => setClientId(event.target.value)} maxLength={128} autoComplete="off" />
          </label>
        </>
      )}
      <label className="field">
        <span>Redirect URIs, one a line</span>
        <textarea value={redirects} onChange={(event) => setRedirects(event.target.value)} required rows={3} />
      </label>
      <label className="field">
        <span>Post-logout redirect URIs, one a line (optional)</span>
        <textarea value={logouts} onChange={(event) => setLogouts(event.target.value)} rows={2} />
      </label>
      <label className="field">
        <span>Allowed origins, one a line: pages that call the token endpoint themselves (optional)</span>
        <textarea value={origins} onChange={(event) => setOrigins(event.target.value)} rows={2} />
      </label>
      <label className="field">
        <span>Scopes, separated by spaces</span>
        <input value={scopes} onChange={(event) => setScopes(event.target.value)} required />
      </label>
      {client?.client_type === 'confidential' ? (
        <label className="check">
          <input type="checkbox" checked={rotate} onChange={(event) => setRotate(event.target.checked)} /> Give it a new secret (the old one stops working at
          once)
        </label>
      ) : null}
      <ErrorNote error={action.error} />
      <button type="submit" className="button" aria-disabled={action.pending}>
        {submitLabel}
      </button>
    </form>
  );
}
