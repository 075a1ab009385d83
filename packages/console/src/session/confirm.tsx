import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { asApiError } from '../api/use-load';
import { type ApiError, failedWith } from '../api/request';
import { Dialog } from '../parts/Dialog';
import { useOperator } from './context';
import { LoginWidget } from './LoginWidget';

type Confirm = (why: string) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/**
 * 'Confirm it is you': a sensitive change the server answered 403 reauthentication_required asks
 * the operator to sign in again (the login widget, which adds the fresh sign-in to the same
 * session), then the change is sent again (useAction).
 */
export function ConfirmItIsYou({ children }: { children: ReactNode }) {
  const { client, config } = useOperator();
  const [asking, setAsking] = useState<{ why: string; answer(confirmed: boolean): void } | null>(null);
  const confirm = useCallback<Confirm>((why) => new Promise((answer) => setAsking({ why, answer })), []);
  const done = useCallback(
    (confirmed: boolean) => {
      asking?.answer(confirmed);
      setAsking(null);
    },
    [asking],
  );
  const signedIn = useCallback(() => done(true), [done]);
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asking ? (
        <Dialog title="Confirm it is you" onClose={() => done(false)}>
          <p>{asking.why}</p>
          <p>Sign in again with your email address; the change goes through right after.</p>
          <LoginWidget client={client} nonce={config.styleNonce} onSignedIn={signedIn} />
        </Dialog>
      ) : null}
    </ConfirmContext.Provider>
  );
}

export interface Action {
  /** Runs a change; resolves with its answer, or undefined when it failed (then `error` says why). */
  run<T>(change: () => Promise<T>): Promise<T | undefined>;
  pending: boolean;
  error: ApiError | null;
}

/**
 * A change made from a button or form: pending while it runs, the API's error kept to show beside
 * it, and a reauthentication_required answered by confirming it is you and sending it once more.
 */
export function useAction(): Action {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useAction is used outside ConfirmItIsYou.');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = useCallback(
    async <T,>(change: () => Promise<T>): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        try {
          return await change();
        } catch (first) {
          if (!failedWith(first, 'reauthentication_required') || !(await confirm(first.message))) throw first;
          return await change();
        }
      } catch (failure) {
        setError(asApiError(failure));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [confirm],
  );
  return { run, pending, error };
}
