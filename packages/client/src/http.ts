import type { ErrorType, RouteRequest, RouteResponse, SdkRoute } from '@vestibule/contract';
import { VestibuleApiError, VestibuleSDKError, isErrorResponse } from './errors.js';
import { parsePublicToken } from './public-token.js';

/** Where a test token's calls go when no base URL is given. */
export const DEFAULT_TEST_API_BASE_URL = 'http://localhost:8787';

/**
 * The API base: customApiDomain if set (a bare host gets https://), else apiBaseUrl, else the local
 * server for a test token. A live token without either throws.
 */
export function resolveBaseUrl(options: { publicToken: string; apiBaseUrl?: string; customApiDomain?: string }): string {
  const { publicToken, apiBaseUrl, customApiDomain } = options;
  let base: string | undefined;
  if (customApiDomain) base = /^https?:\/\//i.test(customApiDomain) ? customApiDomain : `https://${customApiDomain}`;
  else if (apiBaseUrl) {
    // A path on the page's origin, or http(s): never another scheme (javascript: would run where a
    // sign-in sends the browser to the API).
    if (/^[a-z][\w+.-]*:/i.test(apiBaseUrl) && !/^https?:/i.test(apiBaseUrl))
      throw new VestibuleSDKError('sdk_error', `apiBaseUrl must be an http(s) address or a path, not "${apiBaseUrl.slice(0, 40)}".`);
    base = apiBaseUrl;
  } else {
    const info = parsePublicToken(publicToken);
    if (info?.environment === 'test') base = DEFAULT_TEST_API_BASE_URL;
    else if (info?.environment === 'live')
      throw new VestibuleSDKError('sdk_error', 'A live public token needs an API base: pass apiBaseUrl (or customApiDomain) to createVestibuleClient.');
    else
      throw new VestibuleSDKError(
        'sdk_error',
        'The public token is not recognised: it should start with public-token-test- or public-token-live-. ' + 'Pass apiBaseUrl to use another token format.',
      );
  }
  return base.replace(/\/+$/, '');
}

/** Arguments after the route: the body, unless the route takes none. */
export type RouteArgs<R extends SdkRoute> = RouteRequest<R> extends void ? [] : [body: RouteRequest<R>];

export interface RequestInitExtras {
  /** Lets the request outlive the page (used to flush events on pagehide). */
  keepalive?: boolean;
}

export interface HttpClient {
  readonly baseUrl: string;
  request<R extends SdkRoute>(route: R, ...args: RouteArgs<R>): Promise<RouteResponse<R>>;
  requestWith<R extends SdkRoute>(route: R, init: RequestInitExtras, ...args: RouteArgs<R>): Promise<RouteResponse<R>>;
}

export interface HttpClientOptions {
  baseUrl: string;
  publicToken: string;
  /** The session token to send as a bearer token, when there is one. */
  getSessionToken: () => string | null;
  /** Send cookies with every call (custom API domain, where the server may keep the session in cookies). */
  includeCredentials?: boolean;
  fetch?: typeof fetch;
}

function fallbackErrorType(status: number): ErrorType {
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  if (status >= 500) return 'internal_server_error';
  return 'bad_request';
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { baseUrl, publicToken, getSessionToken } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(route: SdkRoute, init: RequestInitExtras, body: unknown): Promise<unknown> {
    const space = route.indexOf(' ');
    const method = route.slice(0, space);
    const url = baseUrl + route.slice(space + 1);
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Public-Token': publicToken };
    const token = getSessionToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = method !== 'GET' && method !== 'HEAD';
    if (hasBody) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
        credentials: options.includeCredentials ? 'include' : 'same-origin',
        keepalive: init.keepalive,
      });
    } catch (cause) {
      const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
      throw new VestibuleApiError({
        status_code: 0,
        request_id: '',
        error_type: 'network_error',
        error_message: `Could not reach the Vestibule API at ${baseUrl}${detail}. Check the network connection and the API base URL.`,
      });
    }

    let parsed: unknown;
    let isJson = true;
    try {
      const text = await response.text();
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      isJson = false;
    }
    if (!response.ok) {
      if (isJson && isErrorResponse(parsed)) throw new VestibuleApiError(parsed);
      throw new VestibuleApiError({
        status_code: response.status,
        request_id: response.headers.get('x-request-id') ?? '',
        error_type: fallbackErrorType(response.status),
        error_message: `${method} ${route.slice(space + 1)} failed with HTTP status ${response.status}.`,
      });
    }
    if (!isJson) {
      throw new VestibuleApiError({
        status_code: response.status,
        request_id: response.headers.get('x-request-id') ?? '',
        error_type: 'internal_server_error',
        error_message: `${method} ${route.slice(space + 1)} answered with a body that is not JSON.`,
      });
    }
    return parsed;
  }

  return {
    baseUrl,
    request: (route, ...args) => send(route, {}, args[0]) as never,
    requestWith: (route, init, ...args) => send(route, init, args[0]) as never,
  };
}
