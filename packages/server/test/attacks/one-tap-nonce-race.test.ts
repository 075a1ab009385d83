import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { startTestProvider, type TestProvider } from '../helpers/oauth-provider.js';

/**
 * Google one-tap's nonce, raced: the same valid ID token (one nonce) 50 times in parallel over
 * real sockets is accepted once (one landing token); the others are refused with invalid_id_token.
 */
let s: ListeningServer;
let idp: TestProvider;
beforeAll(async () => {
  idp = await startTestProvider();
  s = await startListening({}, idp.env('google', { idToken: true }));
});
afterAll(async () => {
  await s.close();
  await idp.close();
});

describe('one-tap ID token under parallel use', () => {
  it('the same credential 50 times in parallel: one landing token', async () => {
    const start = await s.send('POST', '/sdk/v1/oauth/google/onetap/start', {});
    expect(start.status).toBe(200);
    const idToken = await idp.idToken({
      aud: start.body.client_id,
      sub: 'sub-race-onetap',
      nonce: start.body.nonce,
      email: 'race-onetap@example.com',
      email_verified: true,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.send('POST', '/sdk/v1/oauth/google/onetap', { id_token: idToken, code_challenge: 'c'.repeat(43) }, { from: `127.0.9.${i + 1}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(401)]);
    expect(new Set(answers.filter((a) => a.status === 401).map((a) => a.body.error_type))).toEqual(new Set(['invalid_id_token']));
  });
});
