import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelyingParty } from '../../../../apps/demo/server/relying-party.js';
import { freePort } from '../helpers/free-port.js';
import { uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';

/**
 * The sample relying party's FedCM sign-in against the listening provider, with the browser's part
 * played here: its signed-out page hands its script the config URL, the client and a nonce; the
 * provider's ID assertion for that nonce signs the visit in once, however often it is posted, and
 * a token for another nonce, audience or issuer not at all.
 */

let s: ListeningServer;
let rp: { url: string; close(): Promise<void> };

beforeAll(async () => {
  const [apiPort, rpPort] = [await freePort(), await freePort()];
  const issuer = `http://localhost:${apiPort}`;
  s = await startListening({ port: apiPort, publicUrl: issuer }, { VESTIBULE_DEMO_RP_PORT: String(rpPort) });
  rp = await startRelyingParty({ port: rpPort, issuer: () => issuer });
});
afterAll(async () => {
  await rp?.close();
  await s?.close();
});

/** A browser's visit of the app: its cookie, and the FedCM attributes of the page's sign-in link. */
async function visitApp() {
  const page = await fetch(`${rp.url}/`);
  const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
  const html = await page.text();
  const attribute = (name: string) => new RegExp(`data-fedcm-${name}="([^"]+)"`).exec(html)![1]!;
  return {
    cookie,
    html,
    csp: page.headers.get('content-security-policy')!,
    config: attribute('config'),
    client: attribute('client'),
    nonce: attribute('nonce'),
  };
}

/** What the browser does once the person chose their account: the provider's ID assertion, as the app's page origin. */
async function assertionFor(nonce: string, clientId = 'demo-rp') {
  const email = uniqueEmail('fedcm-rp');
  const session = await s.signInByLink(email);
  const token = session.session_token;
  const answer = await s.send('POST', '/fedcm/assertion', undefined, {
    token: null,
    form: { client_id: clientId, account_id: session.user.user_id, params: JSON.stringify({ nonce }) },
    headers: { 'Sec-Fetch-Dest': 'webidentity', Origin: rp.url, Cookie: `__Host-vestibule_fedcm=${token}` },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { email, idToken: answer.body.token as string };
}

const post = (cookie: string, body: unknown) =>
  fetch(`${rp.url}/fedcm`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the sample app signs in with FedCM', () => {
  it("gives its page the provider's config URL, its client and a nonce, and lets its script reach the provider (CSP)", async () => {
    const visit = await visitApp();
    expect(visit.config).toBe(`${s.config.publicUrl}/fedcm/config.json`);
    expect(visit.client).toBe('demo-rp');
    expect(visit.html).toContain('<script src="/fedcm.js"></script>');
    expect(visit.csp).toContain(`connect-src 'self' ${s.config.publicUrl}`);
    expect(visit.csp).toContain("script-src 'self'");
    const script = await fetch(`${rp.url}/fedcm.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("'IdentityCredential' in window");
  });

  it('attack: the same token posted 50 times at once signs the visit in once; the claims page shows the person', async () => {
    const visit = await visitApp();
    const { email, idToken } = await assertionFor(visit.nonce);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(visit.cookie, { token: idToken })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
    const home = await (await fetch(`${rp.url}/`, { headers: { Cookie: visit.cookie } })).text();
    expect(home).toContain(`<strong data-testid="rp-email">${email}</strong>`);
    expect(home).toContain('&quot;aud&quot;: &quot;demo-rp&quot;');
  });

  it("refuses a token for another page's nonce, a token of the nonce for another client, no token, and a form post", async () => {
    const visit = await visitApp();
    const elsewhere = await assertionFor('another-pages-nonce');
    const refused = await post(visit.cookie, { token: elsewhere.idToken });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatch(/could not be completed/);

    const again = await visitApp();
    // Not a token of this app: the provider would not give one to another client at this origin, so a forged one.
    const { idToken } = await assertionFor(again.nonce);
    const [header, , signature] = idToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()), aud: 'other' })).toString('base64url')}.${signature}`;
    expect((await post(again.cookie, { token: forged })).status).toBe(400);

    const third = await visitApp();
    expect((await post(third.cookie, {})).status).toBe(400);
    const fourth = await visitApp();
    const form = await fetch(`${rp.url}/fedcm`, {
      method: 'POST',
      headers: { Cookie: fourth.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${encodeURIComponent(idToken)}`,
    });
    expect(form.status).toBe(400);
    const home = await (await fetch(`${rp.url}/`, { headers: { Cookie: visit.cookie } })).text();
    expect(home).toContain('Sign in with Vestibule');
  });
});
