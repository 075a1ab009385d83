import { createHash, randomBytes } from 'node:crypto';
import type { SessionResponse } from '@vestibule/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, tokenFromLink, uniqueEmail } from './helpers/harness.js';
import type { ListeningServer } from './helpers/listening.js';
import { sharedHarness, sharedListening } from './helpers/shared-stack.js';

/**
 * Mail filters open every link, some running its script, before the person clicks: a link asked
 * for by a browser that keeps a PKCE verifier is spent only by that browser, or, opened anywhere
 * else, by the person pressing 'Continue as …' (confirmed). Opening and previewing spend nothing.
 */
const SEND = '/sdk/v1/magic_links/email/login_or_create';
const AUTH = '/sdk/v1/magic_links/authenticate';
const PREVIEW = '/sdk/v1/magic_links/preview';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

async function boundLink(email = uniqueEmail('bound')) {
  const { verifier, challenge } = pkce();
  const { token } = await h.sendLink(email, { code_challenge: challenge });
  return { email, verifier, token };
}

describe('a magic link bound to the browser that asked for it', () => {
  it('signs in at once with that browser’s verifier', async () => {
    const { email, verifier, token } = await boundLink();
    const auth = await h.json<SessionResponse>('POST', AUTH, { token, code_verifier: verifier });
    expect(auth.status).toBe(200);
    expect(auth.body.user.emails[0]!.email).toBe(email);
    expect((await h.json('POST', AUTH, { token, code_verifier: verifier })).body.error_type).toBe('unable_to_auth_magic_link');
  });

  it('opened elsewhere (no verifier, or another browser’s) is refused and stays live; preview names the address and spends nothing', async () => {
    const { email, verifier, token } = await boundLink();
    for (const body of [{ token }, { token, code_verifier: pkce().verifier }, { token, confirmed: false }]) {
      const refused = await h.json('POST', AUTH, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error_type: 'magic_link_unconfirmed',
        error_message: 'This login link was opened in a different browser from the one that asked for it. Confirm to sign in here.',
      });
    }
    for (let i = 0; i < 3; i++) expect((await h.json('POST', PREVIEW, { token })).body).toMatchObject({ status_code: 200, email });
    expect((await h.json('POST', AUTH, { token, code_verifier: verifier })).status).toBe(200);
    // Used: the preview says so as authenticate does, and names nobody.
    const after = await h.json('POST', PREVIEW, { token });
    expect(after.status).toBe(401);
    expect(after.body.error_type).toBe('unable_to_auth_magic_link');
    expect(JSON.stringify(after.body)).not.toContain(email);
  });

  it('signs in elsewhere when the person confirms, once', async () => {
    const { email, verifier, token } = await boundLink();
    const confirmed = await h.json<SessionResponse>('POST', AUTH, { token, confirmed: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.emails[0]!.email).toBe(email);
    expect((await h.json('POST', AUTH, { token, code_verifier: verifier })).status).toBe(401);
    expect((await h.json('POST', AUTH, { token, confirmed: true })).status).toBe(401);
  });

  it('a link asked for without a challenge signs in wherever it is opened, as before', async () => {
    const { token } = await h.sendLink(uniqueEmail('unbound'));
    expect((await h.json('POST', AUTH, { token, code_verifier: pkce().verifier })).status).toBe(200);
    const { token: plain } = await h.sendLink(uniqueEmail('unbound'));
    expect((await h.json('POST', AUTH, { token: plain })).status).toBe(200);
  });

  it('a dead link previews as dead: unknown, expired', async () => {
    expect((await h.json('POST', PREVIEW, { token: randomBytes(32).toString('base64url') })).body.error_type).toBe('unable_to_auth_magic_link');
    const { token } = await h.sendLink(uniqueEmail('expiring'), { code_challenge: pkce().challenge, signup_expiration_minutes: 5 });
    h.clock.advanceMinutes(6);
    expect((await h.json('POST', PREVIEW, { token })).status).toBe(401);
    expect((await h.json('POST', AUTH, { token, confirmed: true })).status).toBe(401);
  });

  it('answers malformed challenges, verifiers and previews with 400 and an error_type', async () => {
    const email = uniqueEmail('bad');
    for (const code_challenge of ['short', 'x'.repeat(44), 42, '+'.repeat(43)]) {
      const bad = await h.json('POST', SEND, { email, code_challenge });
      expect(bad.status, String(code_challenge)).toBe(400);
      expect(bad.body.error_type).toBeTruthy();
    }
    const { token } = await boundLink();
    for (const body of [
      { token, code_verifier: 'short' },
      { token, code_verifier: 'v'.repeat(129) },
      { token, confirmed: 'yes' },
      { token, confirmed: null },
    ]) {
      const bad = await h.json('POST', AUTH, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error_type).toBeTruthy();
    }
    for (const body of [{}, { token: '' }, { token: 'a'.repeat(513) }, { token: 5 }, { token, confirmed: true }, { token: 'a\u0000b' }]) {
      const bad = await h.json('POST', PREVIEW, body);
      expect(bad.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(bad.status, JSON.stringify(body)).toBeLessThan(500);
      expect(bad.body.error_type).toBeTruthy();
    }
  });
});

describe('a bound link under parallel use, against the listening server', () => {
  let s: ListeningServer;
  beforeAll(async () => {
    s = await sharedListening();
  });

  const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

  it('50 opens without the verifier spend nothing; then 50 with it, mixed with 50 confirmations, sign in once', async () => {
    const email = uniqueEmail('race-bound');
    const { verifier, challenge } = pkce();
    await s.send('POST', SEND, { email, code_challenge: challenge });
    const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
    const scanners = await Promise.all(Array.from({ length: 50 }, (_, i) => s.send('POST', AUTH, { token }, { from: `127.0.7.${i + 1}` })));
    expect(statuses(scanners)).toEqual(Array(50).fill(403));
    const racing = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        s.send('POST', AUTH, i % 2 ? { token, code_verifier: verifier } : { token, confirmed: true }, { from: `127.0.8.${i + 1}` }),
      ),
    );
    expect(statuses(racing)).toEqual([200, ...Array(99).fill(401)]);
  });
});
