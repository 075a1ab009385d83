import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const EVERY_ROUTE = [
  'GET /sdk/v1/projects/bootstrap',
  'POST /sdk/v1/magic_links/email/login_or_create',
  'POST /sdk/v1/magic_links/authenticate',
  'GET /sdk/v1/users/me',
  'POST /sdk/v1/sessions/authenticate',
  'POST /sdk/v1/sessions/revoke',
  'POST /sdk/v1/events',
  'GET /.well-known/jwks.json',
  'GET /openapi.json',
  'GET /dev/outbox',
  'GET /healthz',
];

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every route with its security and the error shape', async () => {
    const response = await h.call('GET', '/openapi.json', undefined, { token: null });
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...EVERY_ROUTE].sort());

    expect(doc.components.securitySchemes.PublicToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Public-Token' });
    expect(doc.components.securitySchemes.SessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorResponse.required).toEqual(expect.arrayContaining(['status_code', 'request_id', 'error_type', 'error_message']));

    const me = doc.paths['/sdk/v1/users/me'].get;
    expect(me.security).toEqual([{ PublicToken: [], SessionToken: [] }]);
    expect(me.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponse');
    const send = doc.paths['/sdk/v1/magic_links/email/login_or_create'].post;
    expect(send.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/MagicLinkLoginOrCreateRequest');
    expect(doc.components.schemas.MagicLinkLoginOrCreateRequest.additionalProperties).toBe(false);
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '413', '429']));
  });

  it('documents every route the server answers (no undocumented route)', async () => {
    // Each documented route answers with something other than 404/405.
    for (const route of EVERY_ROUTE) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await h.call(method, path!, method === 'POST' ? {} : undefined);
      expect([404, 405], route).not.toContain(response.status);
    }
  });
});
