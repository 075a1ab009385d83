import type { VestibuleClient } from '@vestibule/client';
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type ApiError, createCall } from '../api/request';
import { asApiError } from '../api/use-load';
import type { PageConfig } from '../page-config';
import { ErrorNote } from '../parts/ErrorNote';
import { PageHeading } from '../parts/PageHeading';
import { type Operator, OperatorContext } from './context';
import { LoginWidget } from './LoginWidget';

type Standing = { kind: 'checking' } | { kind: 'operator' } | { kind: 'refused'; why: string } | { kind: 'unknown'; error: ApiError };

/**
 * Who may see the console: signed out, the login widget; signed in, the management API is asked
 * once whether this person is an operator (403 not_an_operator: the refusal and a way to sign
 * out). A session the API no longer accepts (401: revoked, expired) is cleared, back to signing in.
 */
export function Gate({ config, client, children }: { config: PageConfig; client: VestibuleClient; children: ReactNode }) {
  const session = useSyncExternalStore(client.session.onChange, client.session.getSync);
  const user = useSyncExternalStore(client.user.onChange, client.user.getSync);
  const [standing, setStanding] = useState<Standing>({ kind: 'checking' });
  const signOut = useCallback(() => client.session.revoke({ forceClear: true }), [client]);
  const call = useMemo(
    () =>
      createCall({
        baseUrl: config.apiBaseUrl,
        sessionToken: () => client.session.getTokens()?.session_token ?? null,
        onError(error) {
          if (error.errorType === 'invalid_management_credentials') void signOut();
          if (error.errorType === 'not_an_operator') setStanding({ kind: 'refused', why: error.message });
        },
      }),
    [client, config.apiBaseUrl, signOut],
  );
  const sessionId = session?.session_id ?? null;
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is 'Try again': the same question asked once more
  useEffect(() => {
    setStanding({ kind: 'checking' });
    if (!sessionId) return;
    // The smallest management answer there is: whether it answers at all is the question.
    call('GET /v1/keys').then(
      () => setStanding({ kind: 'operator' }),
      (error: unknown) => {
        const failure = asApiError(error);
        if (failure.errorType !== 'not_an_operator' && failure.errorType !== 'invalid_management_credentials') setStanding({ kind: 'unknown', error: failure });
      },
    );
  }, [call, sessionId, round]);

  const email = user?.emails.find((address) => address.primary)?.email ?? user?.emails[0]?.email ?? null;
  const operator = useMemo<Operator>(() => ({ config, client, call, email, signOut }), [config, client, call, email, signOut]);

  if (!session) {
    return (
      <GateScreen config={config}>
        <PageHeading title="Sign in to the console" />
        <p>
          The console of <strong>{config.projectName}</strong> is for its operators. Sign in with your email address; the passcode arrives by email.
        </p>
        <LoginWidget client={client} nonce={config.styleNonce} />
      </GateScreen>
    );
  }
  if (standing.kind === 'refused') {
    return (
      <GateScreen config={config}>
        <PageHeading title="Not an operator" />
        <p>{standing.why}</p>
        {email ? <p>You are signed in as {email}.</p> : null}
        <button type="button" className="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </GateScreen>
    );
  }
  if (standing.kind === 'unknown') {
    return (
      <GateScreen config={config}>
        <PageHeading title="The console could not start" />
        <ErrorNote error={standing.error} />
        <div className="actions">
          <button type="button" className="button" onClick={() => setRound((n) => n + 1)}>
            Try again
          </button>
          <button type="button" className="button secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </GateScreen>
    );
  }
  if (standing.kind === 'checking') {
    return (
      <GateScreen config={config}>
        <p className="status">Checking that you are an operator…</p>
      </GateScreen>
    );
  }
  return <OperatorContext.Provider value={operator}>{children}</OperatorContext.Provider>;
}

/** The console's name over a screen shown before its pages: signing in, a refusal. */
function GateScreen({ config, children }: { config: PageConfig; children: ReactNode }) {
  return (
    <>
      <header className="top">
        <p className="brand">
          Vestibule console <span className="project">{config.projectName}</span>
        </p>
      </header>
      <main className="gate" id="content">
        {children}
      </main>
    </>
  );
}
