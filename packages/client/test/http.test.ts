import { describe, expect, it } from 'vitest';
import { VestibuleApiError, VestibuleSDKError } from '../src/index.js';
import { createHttpClient, resolveBaseUrl } from '../src/http.js';
import { apiError, fakeFetch, makeSessionResponse, TEST_TOKEN } from './helpers.js';

describe('resolveBaseUrl', () => {
  it('defaults a test token to the local server', () => {
    expect(resolveBaseUrl({ publicToken: TEST_TOKEN })).toBe('http://localhost:8787');
  });

  it('prefers customApiDomain over apiBaseUrl, and apiBaseUrl over the default', () => {
    expect(resolveBaseUrl({ publicToken: TEST_TOKEN, apiBaseUrl: 'https://api.example.com/' })).toBe('https://api.example.com');
    expect(resolveBaseUrl({ publicToken: TEST_TOKEN, apiBaseUrl: 'https://api.example.com', customApiDomain: 'login.host.com' })).toBe(
      'https://login.host.com',
    );
    expect(resolveBaseUrl({ publicToken: 'public-token-live-1', customApiDomain: 'https://login.host.com' })).toBe('https://login.host.com');
  });

  it('takes an http(s) address or a path on the page’s origin, never another scheme', () => {
    expect(resolveBaseUrl({ publicToken: TEST_TOKEN, apiBaseUrl: '/api/' })).toBe('/api');
    expect(resolveBaseUrl({ publicToken: TEST_TOKEN, apiBaseUrl: 'HTTP://api.test' })).toBe('HTTP://api.test');
    for (const apiBaseUrl of ['javascript:alert(1)//x', 'JavaScript:void(0)', 'data:text/html,x', 'vbscript:x']) {
      expect(() => resolveBaseUrl({ publicToken: TEST_TOKEN, apiBaseUrl }), apiBaseUrl).toThrow(/apiBaseUrl must be an http\(s\) address or a path/);
    }
  });

  it('throws a clear error for a live token without a base', () => {
    expect(() => resolveBaseUrl({ publicToken: 'public-token-live-abc' })).toThrow(VestibuleSDKError);
    expect(() => resolveBaseUrl({ publicToken: 'public-token-live-abc' })).toThrow(/live public token.*apiBaseUrl/);
  });
});

describe('http client', () => {
  it('sends JSON with the public token, and the bearer token when a session exists', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /sdk/v1/magic_links/authenticate': makeSessionResponse() });
    let token: string | null = null;
    const http = createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => token, fetch });

    await http.request('POST /sdk/v1/magic_links/authenticate', { token: 'ml-1', session_duration_minutes: 30 });
    expect(calls[0]?.url).toBe('http://api.test/sdk/v1/magic_links/authenticate');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['X-Public-Token']).toBe(TEST_TOKEN);
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.body).toEqual({ token: 'ml-1', session_duration_minutes: 30 });

    token = 'opaque-1';
    await http.request('GET /sdk/v1/users/me');
    expect(calls[1]?.method).toBe('GET');
    expect(calls[1]?.init.body).toBeUndefined();
    expect(calls[1]?.headers.Authorization).toBe('Bearer opaque-1');
    expect(calls[1]?.headers['X-Public-Token']).toBe(TEST_TOKEN);
  });

  it('throws VestibuleApiError with the response fields on non-2xx', async () => {
    const { fetch } = fakeFetch({
      'POST /sdk/v1/magic_links/authenticate': () => apiError(401, 'unable_to_auth_magic_link', 'Link used.'),
    });
    const http = createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => null, fetch });
    const error = await http.request('POST /sdk/v1/magic_links/authenticate', { token: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleApiError);
    expect(error).toMatchObject({
      status_code: 401,
      request_id: 'req-err',
      error_type: 'unable_to_auth_magic_link',
      error_message: 'Link used.',
      message: 'Link used.',
    });
  });

  it('gives a typed error for a non-JSON error body', async () => {
    const { fetch } = fakeFetch({ 'GET /sdk/v1/users/me': () => new Response('<html>bad gateway</html>', { status: 502 }) });
    const http = createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => null, fetch });
    await expect(http.request('GET /sdk/v1/users/me')).rejects.toMatchObject({
      status_code: 502,
      error_type: 'internal_server_error',
    });
  });

  it('turns a network failure into a VestibuleApiError with a clear message', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const http = createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => null, fetch });
    const error = await http.request('GET /sdk/v1/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VestibuleApiError);
    expect(error).toMatchObject({ status_code: 0, error_type: 'network_error' });
    expect((error as Error).message).toMatch(/Could not reach the Vestibule API at http:\/\/api\.test \(Failed to fetch\)/);
  });
});
