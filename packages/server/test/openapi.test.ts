import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@vestibule/contract';
import type { Harness } from './helpers/harness.js';
import { sharedHarness } from './helpers/shared-stack.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

/** The contract's route table: what the server must serve and document. */
const EVERY_ROUTE = routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);

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
    expect(EVERY_ROUTE).toHaveLength(110);
    // The account page's routes take the session, and a sensitive one documents its refusal.
    const remove = doc.paths['/sdk/v1/account/emails/remove'].post;
    expect(remove.security).toEqual([{ PublicToken: [], SessionToken: [] }]);
    expect(remove.responses['403'].description).toContain('reauthentication_required');
    expect(remove.responses['400'].description).toContain('last_way_in');
    expect(remove.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/UserResponse');
    // The management API's users and sessions: a key or an operator's session, tags of their own, the path's parameter documented.
    const deleteUser = doc.paths['/v1/users/{user_id}'].delete;
    expect(deleteUser.tags).toEqual(['Management: users']);
    expect(deleteUser.security).toEqual([{ ManagementKey: [] }, { OperatorSession: [] }]);
    expect(deleteUser.parameters).toEqual([expect.objectContaining({ name: 'user_id', in: 'path', required: true })]);
    expect(deleteUser.responses['403'].description).toContain('reauthentication_required');
    expect(deleteUser.responses['404'].description).toContain('user_not_found');
    const createUser = doc.paths['/v1/users'].post;
    expect(createUser.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/UserCreateRequest');
    expect(createUser.responses['400'].description).toContain('invalid_password_hash');
    expect(doc.components.schemas.ManagedUser.required).toEqual(expect.arrayContaining(['name', 'trusted_metadata', 'untrusted_metadata', 'last_sign_in_at']));
    expect(doc.paths['/v1/sessions/revoke'].post.tags).toEqual(['Management: sessions']);

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

    // One-time passcodes: request and response schemas by name, the delivery errors documented.
    for (const [path, request] of [
      ['/sdk/v1/otps/email/login_or_create', 'OtpEmailLoginOrCreateRequest'],
      ['/sdk/v1/otps/sms/login_or_create', 'OtpPhoneLoginOrCreateRequest'],
      ['/sdk/v1/otps/whatsapp/login_or_create', 'OtpPhoneLoginOrCreateRequest'],
    ] as const) {
      const op = doc.paths[path].post;
      expect(op.requestBody.content['application/json'].schema.$ref).toBe(`#/components/schemas/${request}`);
      expect(op.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/OtpLoginOrCreateResponse');
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '502', '503']));
    }
    const otpAuth = doc.paths['/sdk/v1/otps/authenticate'].post;
    expect(otpAuth.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/OtpAuthenticateRequest');
    // A session, or an intermediate session when the user's second step is due.
    expect(otpAuth.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/SignInResponse');
    expect(doc.components.schemas.SignInResponse.anyOf.map((s: { $ref: string }) => s.$ref)).toEqual([
      '#/components/schemas/SessionResponse',
      '#/components/schemas/IntermediateSessionResponse',
    ]);
    expect(doc.components.schemas.OtpAuthenticateRequest.required).toEqual(expect.arrayContaining(['code', 'method_id']));
    expect(doc.components.schemas.OtpLoginOrCreateResponse.required).toEqual(
      expect.arrayContaining(['status_code', 'request_id', 'user_id', 'method_id', 'user_created']),
    );
    expect(doc.components.schemas.ErrorResponse.properties.error_type.enum).toEqual(
      expect.arrayContaining(['otp_code_not_found', 'invalid_code', 'user_lock_limit_reached', 'delivery_failed', 'channel_not_configured']),
    );
  });

  it('is generated once per server, not at every request', async () => {
    // An outside attack's finding: generating it took ~25 ms of the one thread per call.
    const first = await (await h.call('GET', '/openapi.json', undefined, { token: null })).text();
    const generate = vi.spyOn(OpenApiGeneratorV31.prototype, 'generateDocument');
    try {
      const again = await Promise.all(Array.from({ length: 5 }, () => h.call('GET', '/openapi.json', undefined, { token: null })));
      for (const response of again) {
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(await response.text()).toBe(first);
      }
      expect(generate).not.toHaveBeenCalled();
    } finally {
      generate.mockRestore();
    }
  });

  it('documents every route the server answers (no undocumented route)', async () => {
    // Each documented route answers with something other than 404/405.
    for (const route of EVERY_ROUTE) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await h.call(method, path!, method === 'POST' ? {} : undefined, { ip: '127.0.0.1' });
      expect([404, 405], route).not.toContain(response.status);
    }
  });
});
