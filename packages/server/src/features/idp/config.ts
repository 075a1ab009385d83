import { z } from 'zod';
import { sha256Hex as sha256 } from '../../security/hash.js';
import { ConfigError } from '../../config/config-error.js';
import { field, type ConfigSection } from '../../config/declare.js';
import { httpUrl, origin, rate } from '../../config/schemas.js';
import type { RateLimitRule } from '../../config/server-config.js';
import { STANDARD_SCOPE_NAMES } from './scopes.js';

/** The sample relying party's port when VESTIBULE_DEMO_RP_PORT does not move it. */
const DEMO_RP_PORT = 3001;

/**
 * In development the demo's sample relying party (npm start runs it) is registered as this public
 * client (fixed by issue 15), at the port it listens on.
 */
export function demoRelyingParty(port: number): IdpClientConfig {
  const app = `http://localhost:${port}`;
  return {
    client_id: 'demo-rp',
    client_name: 'Sample app',
    client_type: 'public',
    redirect_uris: [`${app}/callback`],
    post_logout_redirect_uris: [`${app}/`],
    allowed_scopes: ['openid', 'email', 'profile', 'phone', 'offline_access'],
    allowedOrigins: [],
    secretHash: null,
  };
}

const secretHash = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256: followed by 64 lower-case hex digits (printf %s "$SECRET" | sha256sum)');

const clientSchema = z.strictObject({
  client_id: z.string().min(1).max(256),
  client_name: z.string().min(1).max(200),
  client_type: z.enum(['public', 'confidential']),
  redirect_uris: z.array(httpUrl).min(1),
  post_logout_redirect_uris: z.array(httpUrl).default([]),
  allowed_scopes: z.array(z.string().min(1)).default(['openid', 'email', 'profile']),
  client_secret_sha256: secretHash.optional(),
  client_secret_env: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/)
    .optional(),
  allowedOrigins: z.array(origin).default([]),
});

const permission = z.strictObject({ resource_id: z.string().min(1), actions: z.union([z.literal('*'), z.array(z.string().min(1)).min(1)]) });

const rbacSchema = z.strictObject({
  roles: z.array(z.strictObject({ role_id: z.string().min(1), description: z.string().default(''), permissions: z.array(permission).default([]) })).default([]),
  scopes: z
    .array(
      z.strictObject({
        scope: z
          .string()
          .min(1)
          .regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'must be an OAuth scope token (no spaces or quotes)'),
        description: z.string().default(''),
        permissions: z.array(z.strictObject({ resource_id: z.string().min(1), action: z.string().min(1) })).default([]),
      }),
    )
    .default([]),
  defaultRoles: z.array(z.string().min(1)).default([]),
  roleEmails: z.record(z.string(), z.array(z.string().min(3))).default({}),
});

const tokenProfileSchema = z
  .strictObject({
    profile_id: z.string().min(1).max(256),
    issuer: z.string().min(1),
    audience: z.string().min(1),
    jwks_url: httpUrl.optional(),
    jwks: z.strictObject({ keys: z.array(z.record(z.string(), z.unknown())).min(1) }).optional(),
    email_claim: z.string().min(1).default('email'),
  })
  .refine((profile) => (profile.jwks_url === undefined) !== (profile.jwks === undefined), 'give exactly one of jwks_url and jwks');

export const idpConfig: ConfigSection = {
  name: 'idp',
  server: {
    'idp.authorizationPageUrl': field(
      httpUrl.optional(),
      "Identity provider: the host page where the identity-provider widget lives; discovery's `authorization_endpoint` and `end_session_endpoint`.",
      { env: { name: 'VESTIBULE_IDP_AUTHORIZATION_PAGE_URL', read: 'string' }, defaultText: 'the first allowed origin + `/idp`', ownAddress: true },
    ),
    'idp.demoClientPort': field(
      z.number().int().min(1).max(65535).default(DEMO_RP_PORT),
      'Development only: the port of the sample relying party that npm start runs; the public client `demo-rp` is registered at `http://localhost:PORT` (its `/callback` and `/`).',
      { env: { name: 'VESTIBULE_DEMO_RP_PORT', read: 'integer' } },
    ),
    'idp.clients': field(
      z.array(clientSchema).default([]),
      'Identity provider: the relying parties, `[{ client_id, client_name, client_type: "public"|"confidential", redirect_uris, post_logout_redirect_uris, allowed_scopes, client_secret_sha256 | client_secret_env, allowedOrigins }]`. Redirect URIs match exactly. A confidential client needs a secret: `client_secret_sha256` is `sha256:` + the hex SHA-256 of the secret (`printf %s "$SECRET" | sha256sum`), or `client_secret_env` names an environment variable holding the secret. Public clients must use PKCE (S256). `allowedOrigins` (exact `scheme://host:port`) are the browser origins whose pages may call the token, userinfo and revocation endpoints for this client (CORS: a single-page app without a back end); no other origin gets CORS there. In development the public client `demo-rp` (the sample app at `idp.demoClientPort`: redirect `http://localhost:3001/callback`, post-logout `http://localhost:3001/` by default) is added unless listed.',
      { env: { name: 'VESTIBULE_IDP_CLIENTS', read: (raw) => JSON.parse(raw) } },
    ),
    'idp.rbac': field(
      rbacSchema.nullable().default(null),
      'Identity provider: the RBAC policy deciding custom scopes. `{ roles: [{ role_id, permissions: [{ resource_id, actions: [..] | "*" }] }], scopes: [{ scope, description, permissions: [{ resource_id, action }] }], defaultRoles: [role_id] (every user), roleEmails: { role_id: [proven email] } }`. A user may grant a custom scope when their roles allow every permission it lists. Its scopes also fill bootstrap `rbacPolicy` when that is null.',
    ),
    'rateLimits.idpPerIp': field(
      rate(600, 60),
      '`{ limit, windowSeconds }` calls to `/oauth2/token`, and to `/oauth2/revoke`, per client address (each endpoint its own count); past it, 429 `too_many_requests` with Retry-After. A relying party with a back end makes all its calls from its own address.',
    ),
    'rateLimits.idpPerClient': field(rate(6000, 60), 'The same per client id named (each endpoint its own count), wrong client secrets included.'),
    'idp.tokenProfiles': field(
      z.array(tokenProfileSchema).default([]),
      'Session attest (`POST /sdk/v1/sessions/attest`, the widget\'s `authTokenParams`): trusted token issuers, `[{ profile_id, issuer, audience, jwks_url | jwks, email_claim = "email" }]`. A JWT signed by the profile\'s keys with that `iss` and `aud`, unexpired, starts a session for the user of its email claim (made, with the email proven, when new).',
      { env: { name: 'VESTIBULE_IDP_TOKEN_PROFILES', read: (raw) => JSON.parse(raw) } },
    ),
  },
  finish(config, { env }) {
    const read =
      (
        config as unknown as {
          idp?: {
            authorizationPageUrl?: string;
            demoClientPort?: number;
            clients?: z.output<typeof clientSchema>[];
            rbac?: IdpRbacPolicy | null;
            tokenProfiles?: TokenProfile[];
          };
        }
      ).idp ?? {};
    const seen = new Set<string>();
    const clients: IdpClientConfig[] = [];
    for (const [index, given] of (read.clients ?? []).entries()) {
      const where = `server.idp.clients[${index}]`;
      if (seen.has(given.client_id)) throw new ConfigError(where, `client_id ${given.client_id} is listed twice`);
      seen.add(given.client_id);
      let hash: string | null = given.client_secret_sha256 ? given.client_secret_sha256.slice('sha256:'.length) : null;
      if (given.client_secret_env) {
        const secret = env[given.client_secret_env];
        if (!secret) throw new ConfigError(where, `client_secret_env names ${given.client_secret_env}, which is not set`);
        hash = sha256(secret);
      }
      if (given.client_type === 'confidential' && !hash) throw new ConfigError(where, 'a confidential client needs client_secret_sha256 or client_secret_env');
      if (given.client_type === 'public' && hash) throw new ConfigError(where, 'a public client has no secret');
      clients.push({
        client_id: given.client_id,
        client_name: given.client_name,
        client_type: given.client_type,
        redirect_uris: given.redirect_uris,
        post_logout_redirect_uris: given.post_logout_redirect_uris,
        allowed_scopes: given.allowed_scopes,
        allowedOrigins: given.allowedOrigins,
        secretHash: hash,
      });
    }
    const demo = demoRelyingParty(read.demoClientPort ?? DEMO_RP_PORT);
    if (config.env === 'development' && !seen.has(demo.client_id)) clients.push(demo);
    const rbac = read.rbac ?? null;
    if (rbac) {
      for (const scope of rbac.scopes) {
        if ((STANDARD_SCOPE_NAMES as readonly string[]).includes(scope.scope))
          throw new ConfigError('server.idp.rbac.scopes', `${scope.scope} is a standard scope`);
      }
      const roles = new Set(rbac.roles.map((role) => role.role_id));
      for (const role of [...rbac.defaultRoles, ...Object.keys(rbac.roleEmails)]) {
        if (!roles.has(role)) throw new ConfigError('server.idp.rbac', `role ${role} is not among roles`);
      }
      config.project.rbacPolicy ??= { scopes: rbac.scopes.map(({ scope, description }) => ({ scope, description })) };
    }
    const origin = config.project.allowedOrigins[0] ?? config.publicUrl;
    const tokenProfiles = read.tokenProfiles ?? [];
    const profileIds = tokenProfiles.map((profile) => profile.profile_id);
    if (new Set(profileIds).size !== profileIds.length) throw new ConfigError('server.idp.tokenProfiles', 'a profile_id is listed twice');
    const idp: IdpConfig = { authorizationPageUrl: read.authorizationPageUrl ?? `${origin}/idp`, clients, rbac, tokenProfiles };
    config.idp = idp;
  },
};

/** A relying party of the identity provider: an entry of server.idp.clients, or one made through the management API (clients-store.ts). */
export interface IdpClientConfig {
  client_id: string;
  client_name: string;
  client_type: 'public' | 'confidential';
  /** Exact redirect URIs. */
  redirect_uris: string[];
  /** Exact post-logout redirect URIs. */
  post_logout_redirect_uris: string[];
  /** Scopes the client may ask for (others are invalid_scope). */
  allowed_scopes: string[];
  /** Browser origins (exact) whose pages may call the token, userinfo and revocation endpoints for this client (CORS). */
  allowedOrigins: string[];
  /** Hex SHA-256 of a confidential client's secret; null for a public client. */
  secretHash: string | null;
}

/** Which custom scopes a user can grant: roles with permissions per resource, scopes needing permissions. */
export interface IdpRbacPolicy {
  roles: Array<{ role_id: string; description: string; permissions: Array<{ resource_id: string; actions: '*' | string[] }> }>;
  scopes: Array<{ scope: string; description: string; permissions: Array<{ resource_id: string; action: string }> }>;
  /** Roles every user has. */
  defaultRoles: string[];
  /** Role → proven email addresses of the users who have it. */
  roleEmails: Record<string, string[]>;
}

/** A trusted token issuer whose JWTs start sessions (POST /sdk/v1/sessions/attest). */
export interface TokenProfile {
  profile_id: string;
  issuer: string;
  audience: string;
  /** Where its signing keys are published; or `jwks`, the keys themselves. */
  jwks_url?: string;
  jwks?: { keys: Array<Record<string, unknown>> };
  /** The claim holding the user's email address (default 'email'). */
  email_claim: string;
}

export interface IdpConfig {
  /** The host page of the identity-provider widget: authorization_endpoint and end_session_endpoint. */
  authorizationPageUrl: string;
  clients: IdpClientConfig[];
  rbac: IdpRbacPolicy | null;
  tokenProfiles: TokenProfile[];
}

declare module '../../config/server-config.js' {
  interface ServerConfig {
    /** The OpenID Connect provider (issue 15). */
    idp: IdpConfig;
  }
  interface RateLimitConfig {
    /** Identity provider: /oauth2/token and /oauth2/revoke calls per client IP (each endpoint its own count). */
    idpPerIp: RateLimitRule;
    /** The same per client id named, wrong secrets included. */
    idpPerClient: RateLimitRule;
  }
}
