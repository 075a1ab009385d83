import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { pkcePair } from '../helpers/pkce.js';

/**
 * The identity provider's single-use secrets, raced over real sockets: the same authorization code
 * 50 times in parallel gives tokens once; the same refresh token 50 times in parallel rotates once
 * (and, being reused, revokes its grant).
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const RP = 'http://localhost:3001/callback';

async function token(body: Record<string, string>) {
  const response = await fetch(`http://127.0.0.1:${s.port}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

async function code(scope: string): Promise<{ code: string; verifier: string }> {
  const session = (await s.signInByLink(uniqueEmail('idp-race'))).session_token;
  const { verifier, challenge } = pkcePair();
  const request = {
    client_id: 'demo-rp',
    redirect_uri: RP,
    scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
  };
  const submit = await s.send('POST', '/sdk/v1/oauth2/authorize', { ...request, consent_granted: true }, { session });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  return { code: new URL(submit.body.redirect_uri).searchParams.get('code')!, verifier };
}

describe('identity provider secrets under parallel use', () => {
  it('the same code 50 times in parallel: tokens once', async () => {
    const { code: c, verifier } = await code('openid email');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => token({ grant_type: 'authorization_code', code: c, redirect_uri: RP, code_verifier: verifier, client_id: 'demo-rp' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(400)]);
    expect(new Set(answers.filter((a) => a.status === 400).map((a) => a.body.error))).toEqual(new Set(['invalid_grant']));
  });

  it('the same refresh token 50 times in parallel: one rotation', async () => {
    const { code: c, verifier } = await code('openid offline_access');
    const first = await token({ grant_type: 'authorization_code', code: c, redirect_uri: RP, code_verifier: verifier, client_id: 'demo-rp' });
    expect(first.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token!, client_id: 'demo-rp' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.error))).toEqual(new Set(['invalid_grant']));
  });
});
