import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRelyingParty } from '../src/features/idp/config.js';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { testConfig } from './helpers/test-config.js';
import { pkcePair } from './helpers/pkce.js';

/**
 * Custom scopes decided by the RBAC policy: a user can grant a custom scope when their roles allow
 * every permission it lists; ungrantable scopes are listed (is_grantable false) and not granted.
 */
const ADMIN = uniqueEmail('rbac-admin');
const rbac = {
  roles: [
    { role_id: 'reader', description: '', permissions: [{ resource_id: 'documents', actions: ['read'] }] },
    { role_id: 'admin', description: '', permissions: [{ resource_id: 'billing', actions: '*' as const }] },
  ],
  scopes: [
    { scope: 'documents:read', description: 'Read your documents', permissions: [{ resource_id: 'documents', action: 'read' }] },
    { scope: 'billing:manage', description: 'Manage billing', permissions: [{ resource_id: 'billing', action: 'manage' }] },
    { scope: 'misc', description: '', permissions: [] },
  ],
  defaultRoles: ['reader'],
  roleEmails: { admin: [ADMIN] },
};

let h: Harness;
beforeAll(async () => {
  const base = testConfig();
  // The project's rbacPolicy (bootstrap), set apart from idp.rbac: it alone words custom scopes.
  const rbacPolicy = {
    scopes: [
      { scope: 'documents:read', description: 'Read your documents' },
      { scope: 'billing:manage', description: 'Manage your billing' },
    ],
  };
  h = await startHarness({
    idp: {
      ...base.idp,
      clients: [{ ...demoRelyingParty(3001), allowed_scopes: [...demoRelyingParty(3001).allowed_scopes, 'documents:read', 'billing:manage', 'misc'] }],
      rbac,
    },
    project: { ...base.project, rbacPolicy },
  });
});
afterAll(() => h.close());

const { verifier, challenge } = pkcePair();
const request = {
  client_id: 'demo-rp',
  redirect_uri: 'http://localhost:3001/callback',
  scope: 'openid documents:read billing:manage misc',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'st',
};

describe('custom scopes (RBAC)', () => {
  it('a user without the permission sees the scope as ungrantable, and it is not granted; custom scopes are worded by the project rbacPolicy only', async () => {
    const { session_token: session } = await h.signIn(uniqueEmail('rbac-user'));
    const start = await h.json('POST', '/sdk/v1/oauth2/authorize/start', request, { session });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.scope_results).toEqual([
      { scope: 'openid', description: expect.any(String), is_grantable: true },
      { scope: 'documents:read', description: 'Read your documents', is_grantable: true },
      { scope: 'billing:manage', description: 'Manage your billing', is_grantable: false },
      // Not in the project's policy: no description, so the widget's own 'Use the misc scope' (which a host may reword) shows.
      { scope: 'misc', description: '', is_grantable: true },
    ]);
    const submit = await h.json('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
    const code = new URL(submit.body.redirect_uri).searchParams.get('code')!;
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: request.redirect_uri,
      code_verifier: verifier,
      client_id: 'demo-rp',
    }).toString();
    const token = await h.json('POST', '/oauth2/token', undefined, { rawBody: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    expect(token.body.scope).toBe('openid documents:read misc');
    expect(token.headers.get('cache-control')).toBe('no-store');
  });

  it('a user whose role allows it may grant it', async () => {
    const { session_token: session } = await h.signIn(ADMIN);
    const start = await h.json('POST', '/sdk/v1/oauth2/authorize/start', request, { session });
    expect(start.body.scope_results.find((r: { scope: string }) => r.scope === 'billing:manage').is_grantable).toBe(true);
  });

  it('clients are checked when the settings are read: a confidential client needs a secret (a hash, or an environment variable)', () => {
    const client = { client_id: 'acme', client_name: 'Acme', client_type: 'confidential', redirect_uris: ['https://rp.example/cb'] };
    const load = (clients: unknown[], env: Record<string, string> = {}) => testConfig({}, { VESTIBULE_IDP_CLIENTS: JSON.stringify(clients), ...env });
    expect(() => load([client])).toThrow(/client_secret/);
    expect(() => load([{ ...client, client_secret_env: 'ACME_SECRET' }])).toThrow(/ACME_SECRET/);
    const hash = createHash('sha256').update('s3cret').digest('hex');
    expect(load([{ ...client, client_secret_env: 'ACME_SECRET' }], { ACME_SECRET: 's3cret' }).idp.clients[0]!.secretHash).toBe(hash);
    const hashed = load([{ ...client, client_secret_sha256: `sha256:${hash}` }]);
    expect(hashed.idp.clients.map((c) => c.client_id)).toEqual(['acme', 'demo-rp']);
    expect(hashed.idp.clients[0]!.secretHash).toBe(hash);
    expect(hashed.idp.authorizationPageUrl).toBe('http://localhost:3000/idp');
    expect(() => load([{ ...client, client_type: 'public', client_secret_sha256: `sha256:${hash}` }])).toThrow(/public client/);
  });
});
