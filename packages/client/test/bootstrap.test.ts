import { beforeEach, describe, expect, it } from 'vitest';
import { bootstrapStorageKey, createBootstrapCache, DEFAULT_BOOTSTRAP } from '../src/bootstrap.js';
import { createHttpClient } from '../src/http.js';
import { apiError, fakeFetch, settle, TEST_TOKEN } from './helpers.js';

const fresh = {
  status_code: 200,
  request_id: 'req-b',
  emailDomains: ['example.com'],
  passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
  displayWatermark: true,
  projectName: 'Acme',
  rbacPolicy: { scopes: [{ scope: 'read:docs', description: 'Read your documents' }] },
};

function setup(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  const http = createHttpClient({ baseUrl: 'http://api.test', publicToken: TEST_TOKEN, getSessionToken: () => null, fetch: fake.fetch });
  return { cache: createBootstrapCache({ publicToken: TEST_TOKEN, http }), fake };
}

beforeEach(() => localStorage.clear());

describe('bootstrap', () => {
  it('getSync gives the defaults before anything is cached', () => {
    const { cache } = setup({});
    expect(cache.getSync()).toEqual({
      emailDomains: [],
      passwordConfig: null,
      displayWatermark: false,
      projectName: '',
      rbacPolicy: null,
    });
    expect(DEFAULT_BOOTSTRAP.projectName).toBe('');
  });

  it('isKnown: false on a first visit until a fetch answers; true with a cached copy', async () => {
    const first = setup({ 'GET /sdk/v1/projects/bootstrap': fresh });
    expect(first.cache.isKnown()).toBe(false);
    await first.cache.getAsync();
    expect(first.cache.isKnown()).toBe(true);
    // A later page load finds the copy the first one cached.
    expect(setup({}).cache.isKnown()).toBe(true);
  });

  it('getSync gives the cached copy at once, then getAsync fetches, caches and resolves', async () => {
    const cached = { ...fresh, projectName: 'Old name', status_code: undefined, request_id: undefined };
    localStorage.setItem(bootstrapStorageKey(TEST_TOKEN), JSON.stringify(cached));
    const { cache, fake } = setup({ 'GET /sdk/v1/projects/bootstrap': fresh });
    expect(cache.getSync().projectName).toBe('Old name');

    const result = await cache.getAsync();
    expect(fake.callsTo('GET /sdk/v1/projects/bootstrap')).toHaveLength(1);
    expect(fake.calls[0]?.headers['X-Public-Token']).toBe(TEST_TOKEN);
    const expected = {
      emailDomains: ['example.com'],
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
      displayWatermark: true,
      projectName: 'Acme',
      rbacPolicy: { scopes: [{ scope: 'read:docs', description: 'Read your documents' }] },
    };
    expect(result).toEqual(expected);
    expect(cache.getSync()).toEqual(expected);
    expect(JSON.parse(localStorage.getItem(`vestibule_bootstrap::${TEST_TOKEN}`) ?? 'null')).toEqual(expected);
  });

  it('shares one request between concurrent getAsync calls', async () => {
    const { cache, fake } = setup({ 'GET /sdk/v1/projects/bootstrap': fresh });
    await Promise.all([cache.getAsync(), cache.getAsync()]);
    expect(fake.calls).toHaveLength(1);
  });

  it('a failed fetch rejects and keeps the cached copy', async () => {
    localStorage.setItem(bootstrapStorageKey(TEST_TOKEN), JSON.stringify({ ...fresh, projectName: 'Cached' }));
    const { cache } = setup({ 'GET /sdk/v1/projects/bootstrap': () => apiError(500, 'internal_server_error', 'down') });
    await expect(cache.getAsync()).rejects.toMatchObject({ error_type: 'internal_server_error' });
    await settle();
    expect(cache.getSync().projectName).toBe('Cached');
  });
});
