import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Found by an outside attack: Node keeps the first of repeated Authorization headers and drops the
 * others, so a call with two credentials was served on the first while a proxy in front may have
 * checked the other. Two credentials are none, on the session check's fast path and on every
 * other route that reads a Bearer token.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

describe('a call that carries two Authorization headers', () => {
  it('is refused where one of them alone is served', async () => {
    const { session_token } = await s.signInByLink(uniqueEmail('two-credentials'));
    for (const path of ['/sdk/v1/sessions/authenticate', '/sdk/v1/users/me']) {
      const method = path.endsWith('authenticate') ? 'POST' : 'GET';
      const body = method === 'POST' ? {} : undefined;
      expect((await s.send(method, path, body, { session: session_token })).status, path).toBe(200);
      for (const second of ['Bearer garbage', 'Basic Zm9vOmJhcg==', `Bearer ${session_token}`]) {
        const answer = await s.send(method, path, body, { headers: { Authorization: [`Bearer ${session_token}`, second] } });
        expect(answer.status, `${path} with ${second}`).toBe(401);
        expect(answer.body.error_type).toBeTypeOf('string');
      }
    }
  });
});
