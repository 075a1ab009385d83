import { beforeAll, describe, expect, it } from 'vitest';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { devOAuthLanding } from '../helpers/dev-oauth.js';

/**
 * A social sign-in's one-time OAuth token, raced: the same token and verifier 50 times in parallel
 * over real sockets sign in once. The flow runs through the development provider (no provider is
 * configured here), following each redirect by hand as the browser would.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

describe('OAuth token under parallel use', () => {
  it('the same exchange token 50 times in parallel: one session', async () => {
    const { token, verifier } = await devOAuthLanding(s, { provider: 'google', email: 'race-oauth@example.com' });
    expect(token).toBeTruthy();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: verifier }, { from: `127.0.8.${i + 1}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(404)]);
    expect(new Set(answers.filter((a) => a.status === 404).map((a) => a.body.error_type))).toEqual(new Set(['oauth_token_not_found']));
  });
});
