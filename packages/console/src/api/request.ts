import type { ErrorType, Routes } from '@vestibule/contract';

/** The management API's routes ("GET /v1/users/{user_id}", …): the only ones the console calls once signed in. */
export type ManagementRoute = Extract<keyof Routes, `${string} /v1/${string}`>;
export type Answer<R extends ManagementRoute> = Routes[R]['response'];

type Params<R extends ManagementRoute> = Routes[R]['params'];
type Request<R extends ManagementRoute> = Routes[R]['request'];

/** An object with no fields: a call whose input may be left out takes it. */
type Empty = Record<never, never>;

/** A call's input, typed from the contract: `params` for the path's {names}, `request` for the query (GET) or the JSON body. */
export type CallInput<R extends ManagementRoute> = (Params<R> extends undefined ? unknown : { params: Params<R> }) &
  // biome-ignore lint/suspicious/noConfusingVoidType: the contract's route map says 'no body or query' with void
  ([Request<R>] extends [void] ? unknown : Empty extends Request<R> ? { request?: Request<R> } : { request: Request<R> });
export type CallArgs<R extends ManagementRoute> = Empty extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** An answer that is not a success: the API's error_type and its words (or the console's, when the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly errorType: ErrorType | 'network_error',
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether a call failed with this error_type. */
export const failedWith = (error: unknown, type: ApiError['errorType']): error is ApiError => error instanceof ApiError && error.errorType === type;

export type Call = <R extends ManagementRoute>(route: R, ...args: CallArgs<R>) => Promise<Answer<R>>;

export interface CallOptions {
  baseUrl: string;
  /** The operator's session token, sent as `Authorization: Bearer`. */
  sessionToken(): string | null;
  /** Every failed call, before it is thrown: the session's owner learns here that it ended or is no operator's. */
  onError(error: ApiError): void;
}

function url(baseUrl: string, path: string, params: Record<string, string> | undefined, query: Record<string, unknown> | undefined): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return `${baseUrl}${filled}${text ? `?${text}` : ''}`;
}

/** Calls the management API with the operator's session: `call('GET /v1/users/{user_id}', { params: { user_id } })`. */
export function createCall(options: CallOptions): Call {
  const fail = (error: ApiError): never => {
    options.onError(error);
    throw error;
  };
  return async (route, ...[input]) => {
    const [method, path] = route.split(' ') as [string, string];
    const { params, request } = (input ?? {}) as { params?: Record<string, string>; request?: Record<string, unknown> };
    const hasBody = method === 'POST' || method === 'PATCH';
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.sessionToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (hasBody) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(url(options.baseUrl, path, params, hasBody ? undefined : request), {
        method,
        headers,
        body: hasBody ? JSON.stringify(request ?? {}) : undefined,
      });
    } catch {
      return fail(new ApiError('network_error', 'Could not reach the server. Check your connection and try again.', 0));
    }
    const body = (await response.json().catch(() => null)) as { error_type?: ErrorType; error_message?: string } | null;
    if (!response.ok) {
      return fail(
        body?.error_type
          ? new ApiError(body.error_type, body.error_message ?? body.error_type, response.status)
          : new ApiError('internal_server_error', `The server answered ${response.status} without saying why. Try again.`, response.status),
      );
    }
    if (body === null) return fail(new ApiError('internal_server_error', 'The server answered something that is not JSON. Try again.', response.status));
    return body as never;
  };
}
