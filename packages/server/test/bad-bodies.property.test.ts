import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpClientRoutes, managementUserRoutes, routes, type RouteDef, webhookRoutes } from '@vestibule/contract';
import type { z } from 'zod';
import { startHarness, type Harness } from './helpers/harness.js';
import { MANAGEMENT_KEY } from './helpers/management.js';

/**
 * Throws generated bad bodies at every POST endpoint: whatever arrives, the answer is a 4xx with
 * the ErrorResponse shape, never a 500 or a stack trace.
 */
let h: Harness;
let session = '';
beforeAll(async () => {
  const unlimited = { limit: 1_000_000, windowSeconds: 600 };
  h = await startHarness({
    rateLimits: {
      magicLinkPerEmail: unlimited,
      magicLinkPerIp: unlimited,
      otpPerDestination: unlimited,
      otpPerIp: unlimited,
      otpPerPhoneRange: unlimited,
      accountCodesPerUser: unlimited,
      otpLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      otpAccountLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      twoStepLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      twoStepAccountLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      eventsPerIp: unlimited,
      userSearchPerIp: unlimited,
      passwordStrengthPerIp: unlimited,
      passwordPerIp: unlimited,
      passwordPerAccount: unlimited,
      passwordLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      passwordAccountLockout: { maxFailures: 1_000_000, windowSeconds: 3600, lockSeconds: 1800 },
      passwordResetPerEmail: unlimited,
      passwordResetPerIp: unlimited,
      webauthnPerIp: unlimited,
      idpPerIp: unlimited,
      idpPerClient: unlimited,
      oauthPerIp: unlimited,
      cryptoPerIp: unlimited,
      managementPerKey: unlimited,
      untrustedMetadataPerUser: unlimited,
    },
    smsHourlyBudget: 1_000_000,
    smsCountryHourlyBudget: 1_000_000,
  });
  session = (await h.signIn('fuzz-owner@example.com')).session_token;
});
afterAll(() => h.close());

/**
 * `management`: a management route (/v1), called with the test stacks' management key and no public
 * token, so that what its validation does is what answers. `method`: PATCH for a change (POST when
 * absent); a path parameter (`{user_id}`) is sent as an id nobody has, so a right body is a 404.
 */
const POST_ROUTES: Array<{
  path: string;
  method?: 'PATCH';
  fields: string[];
  needsSession?: boolean;
  management?: boolean;
  validAlone?: (field: string, value: unknown) => boolean;
}> = [
  {
    path: '/sdk/v1/magic_links/email/login_or_create',
    fields: [
      'email',
      'login_magic_link_url',
      'signup_magic_link_url',
      'login_expiration_minutes',
      'signup_expiration_minutes',
      'create_user_as_pending',
      'locale',
      'code_challenge',
    ],
  },
  { path: '/sdk/v1/magic_links/authenticate', fields: ['token', 'session_duration_minutes', 'code_verifier', 'confirmed'] },
  { path: '/sdk/v1/magic_links/preview', fields: ['token'] },
  { path: '/sdk/v1/sessions/authenticate', fields: ['session_duration_minutes'], needsSession: true },
  { path: '/sdk/v1/sessions/revoke', fields: [], needsSession: true },
  { path: '/sdk/v1/events', fields: ['events'] },
  { path: '/sdk/v1/otps/email/login_or_create', fields: ['email', 'expiration_minutes', 'login_template_id', 'signup_template_id', 'locale'] },
  { path: '/sdk/v1/otps/sms/login_or_create', fields: ['phone_number', 'expiration_minutes', 'locale'] },
  { path: '/sdk/v1/otps/whatsapp/login_or_create', fields: ['phone_number', 'expiration_minutes', 'locale'] },
  { path: '/sdk/v1/otps/authenticate', fields: ['code', 'method_id', 'session_duration_minutes'] },
  { path: '/sdk/v1/users/search', fields: ['email'] },
  {
    path: '/sdk/v1/passwords/strength_check',
    fields: ['password', 'email'],
    // Any password of at most 256 characters is a right value on its own.
    validAlone: (field, value) => field === 'password' && typeof value === 'string' && value.length <= 256,
  },
  { path: '/sdk/v1/passwords', fields: ['email', 'password', 'session_duration_minutes'] },
  { path: '/sdk/v1/passwords/authenticate', fields: ['email', 'password', 'session_duration_minutes'] },
  {
    path: '/sdk/v1/passwords/email/reset/start',
    fields: [
      'email',
      'reset_password_redirect_url',
      'reset_password_expiration_minutes',
      'login_redirect_url',
      'login_expiration_minutes',
      'locale',
      'code_challenge',
    ],
  },
  { path: '/sdk/v1/passwords/email/reset', fields: ['token', 'password', 'session_duration_minutes'] },
  // is_passkey true or false alone is a right body for a ceremony's start.
  { path: '/sdk/v1/webauthn/register/start', fields: ['is_passkey'], needsSession: true, validAlone: (_, value) => typeof value === 'boolean' },
  { path: '/sdk/v1/webauthn/register', fields: ['public_key_credential', 'session_duration_minutes'], needsSession: true },
  // An address alone is a right body too (identifier-first): any text with an @ may be one.
  {
    path: '/sdk/v1/webauthn/authenticate/start',
    fields: ['is_passkey', 'email'],
    validAlone: (field, value) => (field === 'is_passkey' ? typeof value === 'boolean' : typeof value === 'string' && value.includes('@')),
  },
  { path: '/sdk/v1/webauthn/authenticate', fields: ['public_key_credential', 'session_duration_minutes'] },
  { path: '/sdk/v1/webauthn/update', fields: ['webauthn_registration_id', 'name'], needsSession: true },
  { path: '/sdk/v1/webauthn/delete', fields: ['webauthn_registration_id'], needsSession: true },
  { path: '/sdk/v1/oauth/authenticate', fields: ['token', 'code_verifier', 'session_duration_minutes'] },
  { path: '/sdk/v1/crypto_wallets/authenticate/start', fields: ['crypto_wallet_address', 'crypto_wallet_type', 'code_challenge', 'chain_id'] },
  {
    path: '/sdk/v1/crypto_wallets/authenticate',
    fields: ['crypto_wallet_address', 'crypto_wallet_type', 'signature', 'code_verifier', 'session_duration_minutes'],
  },
  // The account page (its sign-in is recent: the harness's clock stands still).
  { path: '/sdk/v1/account/emails/start', fields: ['email', 'locale'], needsSession: true },
  { path: '/sdk/v1/account/emails/add', fields: ['email', 'code'], needsSession: true },
  // Any id of at most 256 characters is a right value on its own (not found).
  { path: '/sdk/v1/account/emails/primary', fields: ['email_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  { path: '/sdk/v1/account/emails/remove', fields: ['email_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  { path: '/sdk/v1/account/phone_numbers/start', fields: ['phone_number', 'channel', 'locale'], needsSession: true },
  { path: '/sdk/v1/account/phone_numbers/add', fields: ['phone_number', 'code'], needsSession: true },
  { path: '/sdk/v1/account/phone_numbers/primary', fields: ['phone_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  { path: '/sdk/v1/account/phone_numbers/remove', fields: ['phone_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  // A password alone is a right body, which a strong one would set: the fuzz owner's password is not the point.
  {
    path: '/sdk/v1/account/password',
    fields: ['password', 'current_password', 'sign_out_other_devices'],
    needsSession: true,
    validAlone: (field, value) => field === 'password' && shortText(value, 0, 256),
  },
  { path: '/sdk/v1/account/password/remove', fields: [], needsSession: true },
  { path: '/sdk/v1/account/sessions/revoke', fields: ['session_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  { path: '/sdk/v1/account/sessions/revoke_others', fields: [], needsSession: true },
  // Any confirmation of at most 1000 characters is a right body (not the owner's address: not confirmed).
  { path: '/sdk/v1/account/delete', fields: ['confirmation'], needsSession: true, validAlone: (_, value) => shortText(value, 0, 1000) },
  {
    path: '/sdk/v1/account/untrusted_metadata',
    fields: ['untrusted_metadata'],
    needsSession: true,
    // Any JSON object within 4096 bytes is a right value, which a dictionary of a few keys is.
    validAlone: (_, value) => typeof value === 'object' && value !== null && !Array.isArray(value) && JSON.stringify(value).length <= 4096,
  },
  {
    path: '/v1/users',
    fields: ['email', 'phone_number', 'email_verified', 'phone_number_verified', 'name', 'trusted_metadata', 'untrusted_metadata', 'password_hash'],
    management: true,
    // Only an address or a number may make a user alone; any text is left out for them (a valid one would).
    validAlone: (field, value) => (field === 'email' || field === 'phone_number') && typeof value === 'string',
  },
  { path: '/v1/sessions/revoke', fields: ['session_id', 'user_id'], management: true },
  { path: '/v1/users/{user_id}', method: 'PATCH', fields: fieldsOf(managementUserRoutes.update), management: true },
  // A name alone makes a key.
  { path: '/v1/keys', fields: ['name'], management: true, validAlone: (_, value) => typeof value === 'string' && shortText(value.trim(), 1, 100) },
  { path: '/v1/webhooks', fields: fieldsOf(webhookRoutes.create), management: true },
  { path: '/v1/webhooks/{webhook_id}', method: 'PATCH', fields: fieldsOf(webhookRoutes.update), management: true },
  { path: '/v1/idp_clients', fields: fieldsOf(idpClientRoutes.create), management: true },
  { path: '/v1/idp_clients/{client_id}', method: 'PATCH', fields: fieldsOf(idpClientRoutes.update), management: true },
  { path: '/sdk/v1/passwords/email/reset/check', fields: ['token'] },
  { path: '/sdk/v1/oauth/google/onetap/start', fields: ['login_redirect_url', 'signup_redirect_url'] },
  { path: '/sdk/v1/oauth/google/onetap', fields: ['id_token', 'nonce', 'code_challenge', 'login_redirect_url', 'signup_redirect_url'] },
  { path: '/sdk/v1/account/oauth/start', fields: ['provider'], needsSession: true },
  { path: '/sdk/v1/account/oauth/disconnect', fields: ['provider_type', 'provider_subject'], needsSession: true },
  { path: '/sdk/v1/account/crypto_wallets/link', fields: ['crypto_wallet_address', 'crypto_wallet_type', 'signature', 'code_verifier'], needsSession: true },
  { path: '/sdk/v1/account/crypto_wallets/remove', fields: ['crypto_wallet_id'], needsSession: true, validAlone: (_, value) => shortText(value, 1, 256) },
  {
    path: '/sdk/v1/oauth2/authorize/start',
    fields: ['client_id', 'redirect_uri', 'response_type', 'scope', 'prompt', 'max_age', 'code_challenge', 'code_challenge_method', 'state', 'nonce'],
  },
  {
    path: '/sdk/v1/oauth2/authorize',
    fields: [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'prompt',
      'max_age',
      'code_challenge',
      'code_challenge_method',
      'state',
      'nonce',
      'consent_granted',
    ],
    needsSession: true,
  },
  { path: '/sdk/v1/oauth2/logout/start', fields: ['client_id', 'post_logout_redirect_uri', 'id_token_hint', 'state'] },
  { path: '/sdk/v1/sessions/attest', fields: ['profile_id', 'token', 'session_duration_minutes'] },
  // Two-step verification: the second step (no intermediate session of the fuzz owner's) and the account page.
  { path: '/sdk/v1/two_step/totp/authenticate', fields: ['intermediate_session_token', 'code', 'session_duration_minutes'] },
  { path: '/sdk/v1/two_step/recovery_codes/authenticate', fields: ['intermediate_session_token', 'recovery_code', 'session_duration_minutes'] },
  { path: '/sdk/v1/two_step/totp/create', fields: ['intermediate_session_token'] },
  { path: '/sdk/v1/two_step/totp/enrol', fields: ['intermediate_session_token', 'code', 'session_duration_minutes'] },
  { path: '/sdk/v1/two_step/totp/confirm', fields: ['code', 'session_duration_minutes'], needsSession: true },
  { path: '/sdk/v1/two_step/recovery_codes/confirm', fields: ['recovery_code', 'session_duration_minutes'], needsSession: true },
  { path: '/sdk/v1/account/two_step/totp/create', fields: [], needsSession: true },
  { path: '/sdk/v1/account/two_step/totp/enrol', fields: ['code'], needsSession: true },
  { path: '/sdk/v1/account/two_step/delete', fields: [], needsSession: true },
  { path: '/sdk/v1/account/two_step/recovery_codes', fields: [], needsSession: true },
];

/** The fields of a route's body, as its contract declares them. */
function fieldsOf(route: RouteDef): string[] {
  return Object.keys((route.request as z.ZodObject).shape);
}

/** Where a route of the list is called: its path with an id nobody has in each parameter. */
const target = (route: (typeof POST_ROUTES)[number]) => route.path.replace(/\{\w+\}/g, 'unknown-id');

/** How a route of the list is called: a user's session, the management key, or neither. */
function caller(route: (typeof POST_ROUTES)[number]): { session?: string; token?: null } {
  if (route.management) return { session: MANAGEMENT_KEY, token: null };
  return { session: route.needsSession ? session : undefined };
}

/** A string of `min` to `max` characters: a right value for a field that takes any. */
function shortText(value: unknown, min: number, max: number): boolean {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/** Text no database can hold: a NUL or an unpaired surrogate somewhere in an otherwise ordinary string. */
function unstorableText(): fc.Arbitrary<string> {
  return (
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d'), fc.string({ maxLength: 20 }))
      // A high surrogate followed by a low one is a pair, which is fine text.
      .filter(([, bad, after]) => !(/^[\ud800-\udbff]$/.test(bad) && /^[\udc00-\udfff]/.test(after)))
      .map(([before, bad, after]) => `${before}${bad}${after}`)
  );
}

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 50 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant('x'.repeat(5000)),
  unstorableText(),
  fc.constant(-1),
  fc.constant(1e308),
);

function badBody(fields: string[], validAlone?: (field: string, value: unknown) => boolean): fc.Arbitrary<{ raw: string; note: string }> {
  const json = (value: unknown, note: string) => ({ raw: JSON.stringify(value), note });
  const withField = fields.length
    ? fc
        .record({ field: fc.constantFrom(...fields), value: wrongValue })
        // A whole number of minutes can be a right value (sessions/authenticate takes the field alone).
        .filter(({ field, value }) => !(field.endsWith('_minutes') && Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 525_600))
        .filter(({ field, value }) => !validAlone?.(field, value))
        .map(({ field, value }) => json({ [field]: value }, `wrong value for ${field}`))
    : fc.constant(json({ x: 1 }, 'unknown field'));
  return fc.oneof(
    fc
      .jsonValue({ maxDepth: 3 })
      .filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0))
      .map((v) => json(v, 'random JSON value')),
    withField,
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k)),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([key, value]) => json({ [key]: value }, `unknown field ${key}`)),
    fc
      .string({ maxLength: 40 })
      .filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return s.trim() !== '';
        }
      })
      .map((s) => ({ raw: s, note: 'invalid JSON text' })),
    fc.integer({ min: 17 * 1024, max: 40 * 1024 }).map((n) => json({ [fields[0] ?? 'x']: 'y'.repeat(n) }, 'huge string')),
    fc.constantFrom('{"a":', '[', '{"events":[{]}', '\u0000', 'nul', '{"__proto__": {"polluted": true}}').map((raw) => ({ raw, note: 'crafted text' })),
  );
}

describe('bad bodies never cause a 500', () => {
  it('covers every JSON route of the contract that takes a body (a new route joins the list above)', () => {
    const withBodies = routes
      .filter((route) => (route.method === 'post' || route.method === 'patch') && route.kind !== 'redirect' && route.kind !== 'oauth' && route.request)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(withBodies.filter((route) => !POST_ROUTES.some((listed) => `${listed.method ?? 'POST'} ${listed.path}` === route))).toEqual([]);
  });

  for (const route of POST_ROUTES) {
    it(`${route.method ?? 'POST'} ${route.path} answers 4xx with the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(badBody(route.fields, route.validAlone), async ({ raw, note }) => {
          const response = await h.call(route.method ?? 'POST', target(route), undefined, { rawBody: raw, ...caller(route) });
          const body = await response.json();
          expect(response.status, `${note}: ${raw.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${note}: ${raw.slice(0, 120)}`).toBeLessThan(500);
          expect(body).toEqual({
            status_code: response.status,
            request_id: expect.any(String),
            error_type: expect.any(String),
            error_message: expect.any(String),
          });
          expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
        }),
        { numRuns: 250 },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      // The refusals came from validation, not from a lost session: the session still works.
      const still = await h.call('POST', '/sdk/v1/sessions/authenticate', {}, { session });
      expect(still.status).toBe(200);
    });
  }
});

describe('text no database can hold, in any field of any route', () => {
  for (const route of POST_ROUTES.filter((candidate) => candidate.fields.length > 0)) {
    it(`${route.method ?? 'POST'} ${route.path}: a NUL or an unpaired surrogate in any field is 400 naming the field`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...route.fields), unstorableText(), async (field, text) => {
          const response = await h.call(route.method ?? 'POST', target(route), { [field]: text }, caller(route));
          const body = await response.json();
          expect(response.status, JSON.stringify({ field, text })).toBe(400);
          expect(body).toMatchObject({
            error_type: 'bad_request',
            error_message: expect.stringMatching(new RegExp(`^Field ${field} contains (a NUL character|an unpaired surrogate)`)),
          });
        }),
        { numRuns: 60 },
      );
    });
  }
});
