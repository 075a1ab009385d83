import { beforeAll, describe, expect, it } from 'vitest';
import type { ListeningServer } from '../helpers/listening.js';
import { PUBLIC_TOKEN } from '../helpers/test-config.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { pkcePair } from '../helpers/pkce.js';

/**
 * A social sign-in's one-time OAuth token, raced: the same token and verifier 50 times in parallel
 * over real sockets sign in once. The flow runs through the development provider (no provider is
 * configured here), following each redirect by hand as the browser would.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const base = () => `http://127.0.0.1:${s.port}`;
/** Our server's answer to a navigation to `url` (its path, on the listening port); the Location it gives. */
async function follow(url: string, init: RequestInit = {}): Promise<URL> {
  const target = new URL(url);
  const response = await fetch(`${base()}${target.pathname}${target.search}`, { ...init, redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('Location')!);
}

describe('OAuth token under parallel use', () => {
  it('the same exchange token 50 times in parallel: one session', async () => {
    const { verifier, challenge } = pkcePair();
    const authorize = await follow(
      `${base()}/sdk/v1/oauth/start?${new URLSearchParams({ provider: 'google', public_token: PUBLIC_TOKEN, code_challenge: challenge })}`,
    );
    const form = new URLSearchParams(authorize.searchParams);
    form.set('email', 'race-oauth@example.com');
    form.set('decision', 'allow');
    const callback = await follow(authorize.href, { method: 'POST', body: form });
    const landing = await follow(callback.href);
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/oauth/authenticate', { token, code_verifier: verifier }, { from: `127.0.8.${i + 1}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(49).fill(404)]);
    expect(new Set(answers.filter((a) => a.status === 404).map((a) => a.body.error_type))).toEqual(new Set(['oauth_token_not_found']));
  });
});
