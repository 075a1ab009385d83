import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/index.js';
import { startHarness, uniqueEmail, type Harness } from './helpers/harness.js';
import { sharedHarness } from './helpers/shared-stack.js';
import { SoftAuthenticator } from './helpers/soft-authenticator.js';
import { REPO_CONFIG, tempDir } from './helpers/test-config.js';

/**
 * One passkey for related origins (WebAuthn's related origin requests): a project on
 * vestibule.localhost lets the pages of shop.localhost, another site, use its passkeys. The server
 * lists the origins at /.well-known/webauthn (the browser's check, e2e/passkeys-related-origins),
 * accepts ceremonies from them, and refuses at the start a page that is neither on the rp id nor
 * listed. Host names under localhost keep the development routes (the outbox) on.
 */
const RP_SITE = 'http://vestibule.localhost:3000';
const RP_SUBDOMAIN = 'http://login.vestibule.localhost:3000';
const RELATED = 'http://shop.localhost:3000';
/** Allowed by CORS, but not a related origin: its pages may call the API, not use the passkeys. */
const UNLISTED = 'http://elsewhere.localhost:3000';

const RELATED_ENV = {
  VESTIBULE_WEBAUTHN_RP_ID: 'vestibule.localhost',
  VESTIBULE_ALLOWED_ORIGINS: [RP_SITE, RP_SUBDOMAIN, RELATED, UNLISTED].join(','),
  VESTIBULE_WEBAUTHN_RELATED_ORIGINS: RELATED,
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, RELATED_ENV);
});
afterAll(async () => {
  await h?.close();
});

const refusal = (type: string, status: number) => ({ status, body: expect.objectContaining({ error_type: type }) });

const registerStart = (session: string, origin?: string) => h.json('POST', '/sdk/v1/webauthn/register/start', {}, { session, origin });
const authenticateStart = (origin?: string) => h.json('POST', '/sdk/v1/webauthn/authenticate/start', {}, { origin });

/** A user signed in by magic link, with a passkey made on the rp id's own site. */
async function userWithPasskey(label: string) {
  const { session_token: session, user_id: userId } = await h.signIn(uniqueEmail(label));
  const authenticator = new SoftAuthenticator(RP_SITE);
  const start = await registerStart(session, RP_SITE);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const options: PublicKeyCredentialCreationOptionsJSON = start.body.public_key_credential_creation_options;
  expect(options.rp.id).toBe('vestibule.localhost');
  const credential = authenticator.register(options);
  const registered = await h.json('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, { session, origin: RP_SITE });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return { session, userId, authenticator };
}

/** A passkey sign-in on a page of `origin`: the start's Origin header and clientDataJSON's origin. */
async function signInOn(origin: string, authenticator: SoftAuthenticator) {
  const start = await authenticateStart(origin);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const options: PublicKeyCredentialRequestOptionsJSON = start.body.public_key_credential_request_options;
  const credential = authenticator.authenticate(options, { origin });
  return h.json('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential }, { origin });
}

describe('GET /.well-known/webauthn', () => {
  it('lists the related origins, then the rp id’s own, as JSON with no credentials asked, cacheable', async () => {
    const response = await h.call('GET', '/.well-known/webauthn', undefined, { token: null });
    expect(response.status).toBe(200);
    // Chromium takes the document only with this media type.
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.json()).toEqual({ origins: [RELATED, RP_SITE, RP_SUBDOMAIN] });
  });

  it('is in the OpenAPI document, asking for no credentials; the starts document their refusal', async () => {
    const doc = await (await h.call('GET', '/openapi.json', undefined, { token: null })).json();
    const wellKnown = doc.paths['/.well-known/webauthn'].get;
    expect(wellKnown.security).toEqual([]);
    expect(wellKnown.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/WebAuthnWellKnown');
    for (const start of ['/sdk/v1/webauthn/register/start', '/sdk/v1/webauthn/authenticate/start'])
      expect(doc.paths[start].post.responses['403'].description, start).toContain('webauthn_origin_not_allowed');
  });

  it('with no related origins configured, lists the rp id’s own origins only', async () => {
    const shared = await sharedHarness();
    const response = await shared.call('GET', '/.well-known/webauthn', undefined, { token: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ origins: ['http://localhost:3000'] });
  });
});

describe('the ceremonies from a related origin', () => {
  it('a passkey made on the rp id’s site signs in on the related site', async () => {
    const { userId, authenticator } = await userWithPasskey('related-sign-in');
    const signedIn = await signInOn(RELATED, authenticator);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user_id).toBe(userId);
    // And on the rp id's site and its subdomain, as before.
    expect((await signInOn(RP_SITE, authenticator)).status).toBe(200);
    expect((await signInOn(RP_SUBDOMAIN, authenticator)).body.user_id).toBe(userId);
  });

  it('a passkey is made on the related site too (browsers let create() through the same list)', async () => {
    const { session_token: session, user_id: userId } = await h.signIn(uniqueEmail('related-register'));
    const authenticator = new SoftAuthenticator(RELATED);
    const start = await registerStart(session, RELATED);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const credential = authenticator.register(start.body.public_key_credential_creation_options);
    const registered = await h.json('POST', '/sdk/v1/webauthn/register', { public_key_credential: credential }, { session, origin: RELATED });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    expect((await signInOn(RP_SITE, authenticator)).body.user_id).toBe(userId);
  });

  it('an assertion made on an unlisted page is invalid_webauthn_response, whatever the start was told', async () => {
    const { authenticator } = await userWithPasskey('related-unlisted-assertion');
    // The start from a listed page (or a server, no Origin), the browser's clientDataJSON from another.
    for (const startOrigin of [RELATED, undefined]) {
      const start = await authenticateStart(startOrigin);
      const credential = authenticator.authenticate(start.body.public_key_credential_request_options, { origin: UNLISTED });
      expect(await h.json('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential })).toMatchObject(
        refusal('invalid_webauthn_response', 401),
      );
    }
  });
});

it('a ceremony run in a frame of another site (crossOrigin) is refused, even from a listed origin', async () => {
  const { authenticator } = await userWithPasskey('related-cross-origin');
  const start = await authenticateStart(RELATED);
  const credential = authenticator.authenticate(start.body.public_key_credential_request_options, { origin: RELATED, crossOrigin: true });
  expect(await h.json('POST', '/sdk/v1/webauthn/authenticate', { public_key_credential: credential })).toMatchObject(refusal('invalid_webauthn_response', 401));
});

describe('the starts refuse a page where the passkeys cannot be used', () => {
  it('an origin neither on the rp id nor related is webauthn_origin_not_allowed, naming it', async () => {
    const { session_token: session } = await h.signIn(uniqueEmail('related-refused'));
    for (const answer of [await authenticateStart(UNLISTED), await registerStart(session, UNLISTED)]) {
      expect(answer).toMatchObject(refusal('webauthn_origin_not_allowed', 403));
      expect(answer.body.error_message).toBe(
        'Passkeys of vestibule.localhost cannot be used on http://elsewhere.localhost:3000: it is neither on vestibule.localhost nor one of its related origins (project.webauthn.relatedOrigins).',
      );
    }
  });

  it('takes the rp id, any subdomain of it, a related origin, and a call with no Origin (a server)', async () => {
    const { session_token: session } = await h.signIn(uniqueEmail('related-starts'));
    // A subdomain not among webauthn.origins starts too: its finish is held to the exact origins.
    for (const origin of [RP_SITE, RP_SUBDOMAIN, 'https://other.vestibule.localhost', RELATED, undefined]) {
      expect((await authenticateStart(origin)).status, origin).toBe(200);
      expect((await registerStart(session, origin)).status, origin).toBe(200);
    }
  });

  it('every other Origin is a 403 with its error_type, never a 500', async () => {
    const odd = [
      'null',
      'not an origin',
      'file://',
      'ftp://vestibule.localhost',
      // Look-alikes of the rp id and of the related origin.
      'http://evilvestibule.localhost:3000',
      'http://vestibule.localhost.evil.test',
      'https://shop.localhost:3000',
      'http://shop.localhost:3001',
      `http://${'a'.repeat(5000)}.example`,
    ];
    for (const origin of odd) {
      const answer = await authenticateStart(origin);
      expect(answer, origin).toMatchObject(refusal('webauthn_origin_not_allowed', 403));
      expect(answer.body.error_message.length, origin).toBeLessThan(500);
    }
  });
});

describe('configuration', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_DATA_DIR: tempDir(), ...env } }).project.webauthn;
  const sites = {
    VESTIBULE_WEBAUTHN_RP_ID: 'example.com',
    VESTIBULE_ALLOWED_ORIGINS: 'https://example.com, https://www.example.com, https://example.co.uk, https://example-rewards.com',
  };
  const refused = (env: NodeJS.ProcessEnv, problem: string) =>
    expect(() => load({ ...sites, ...env })).toThrow(
      `Invalid Vestibule configuration: project.webauthn.relatedOrigins (VESTIBULE_WEBAUTHN_RELATED_ORIGINS): ${problem}`,
    );

  it('reads VESTIBULE_WEBAUTHN_RELATED_ORIGINS beside the rp id’s own origins; none by default', () => {
    expect(load({ ...sites, VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.co.uk, https://example-rewards.com' })).toEqual({
      rpId: 'example.com',
      rpName: 'Vestibule Demo',
      origins: ['https://example.com', 'https://www.example.com'],
      relatedOrigins: ['https://example.co.uk', 'https://example-rewards.com'],
    });
    expect(load(sites).relatedOrigins).toEqual([]);
  });

  it('a related origin is never the default rp id, even listed first among the allowed origins', () => {
    expect(
      load({ VESTIBULE_ALLOWED_ORIGINS: 'https://example.co.uk, https://example.com', VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.co.uk' }),
    ).toMatchObject({ rpId: 'example.com', origins: ['https://example.com'], relatedOrigins: ['https://example.co.uk'] });
  });

  it('refuses to start on what a person would get wrong, saying what to do', () => {
    expect(() => load({ ...sites, VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.co.uk/' })).toThrow(
      /VESTIBULE_WEBAUTHN_RELATED_ORIGINS: must be an origin like http:\/\/localhost:3000 \(got "https:\/\/example.co.uk\/"\)/,
    );
    expect(() => load({ ...sites, VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'example.co.uk' })).toThrow(/VESTIBULE_WEBAUTHN_RELATED_ORIGINS: must be an origin/);
    refused({ VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.co.uk, https://example.co.uk' }, 'https://example.co.uk is listed twice');
    refused(
      { VESTIBULE_ALLOWED_ORIGINS: 'https://example.com, http://example.co.uk', VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'http://example.co.uk' },
      'http://example.co.uk is not https, and browsers run passkeys on secure pages only (http only on localhost and its subdomains)',
    );
    refused(
      { VESTIBULE_ALLOWED_ORIGINS: 'https://example.com, https://192.0.2.7', VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://192.0.2.7' },
      'https://192.0.2.7 is an IP address, where browsers run no passkey ceremony; use a host name',
    );
    refused(
      { VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://www.example.com' },
      'https://www.example.com is on the relying-party id example.com, where browsers need no related-origin entry; list it in project.webauthn.origins (or project.allowedOrigins) instead',
    );
    // Found by an outside attack: the rp id's own site written with a trailing dot, and an IP address in hex.
    refused(
      { VESTIBULE_ALLOWED_ORIGINS: 'https://example.com, https://example.com.', VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.com.' },
      "https://example.com. ends its host name with a dot; write it as browsers report pages' origins, without one",
    );
    expect(() => load({ VESTIBULE_WEBAUTHN_RP_ID: '0x7f000001' })).toThrow(/must be a domain name/);
    refused(
      { VESTIBULE_WEBAUTHN_RELATED_ORIGINS: 'https://example.de' },
      'https://example.de is not in project.allowedOrigins (VESTIBULE_ALLOWED_ORIGINS), so its pages could not call this API (CORS); add it there too',
    );
  });

  it('keeps the rule that an origin of webauthn.origins is on the rp id', () => {
    expect(() => load({ ...sites, VESTIBULE_WEBAUTHN_ORIGINS: 'https://example.com, https://example.co.uk' })).toThrow(
      /project\.webauthn\.origins \(VESTIBULE_WEBAUTHN_ORIGINS\): https:\/\/example\.co\.uk is not on the relying-party id example\.com/,
    );
  });
});
