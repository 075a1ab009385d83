import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './request';

export interface Loaded<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  /** Loads again (after a change). */
  reload(): void;
}

/** Turns anything thrown into the error a page shows. */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError('internal_server_error', error instanceof Error ? error.message : String(error), 0);
}

/**
 * What a page shows from the API: loaded when `key` changes (the page's query or cursor) and on
 * reload(), what was shown staying until the answer replaces it. Only the latest load's answer is
 * kept, so a slow answer for a key the page moved on from never replaces the one it moved to.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const latest = useRef(load);
  latest.current = load;
  const round = useRef(0);
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: true });
  const run = useCallback(() => {
    const mine = ++round.current;
    setState((previous) => ({ data: previous.data, error: null, loading: true }));
    latest.current().then(
      (data) => mine === round.current && setState({ data, error: null, loading: false }),
      (error: unknown) => mine === round.current && setState((previous) => ({ data: previous.data, error: asApiError(error), loading: false })),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names what to load; the load itself is read from the ref
  useEffect(() => run(), [key, run]);
  return { ...state, reload: run };
}
