import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ListeningServer, startListening } from '../helpers/listening.js';

/**
 * Found by an outside attack: zxcvbn judged passwords on the server's one thread, and a password of
 * digits costs it hundreds of milliseconds, so a few callers of the public strength check stopped
 * every other request (health checks fell from 1,227/s to 2/s). It judges on a thread of its own now.
 */
const SLOW_PASSWORD = '19851231'.repeat(8);
const CHECKS = 8;

let server: ListeningServer;
beforeAll(async () => {
  server = await startListening();
});
afterAll(() => server.close());

it('other requests are answered while slow strength checks are under way', async () => {
  let judged = 0;
  const checks = Array.from({ length: CHECKS }, (_, i) =>
    server.send('POST', '/sdk/v1/passwords/strength_check', { password: SLOW_PASSWORD }, { from: `127.0.2.${i + 1}` }).then((answer) => {
      judged += 1;
      return answer;
    }),
  );
  // Once the first has been judged the others are being judged: on the server's own thread the
  // health check would wait for them.
  await checks[0];
  const health = await server.send('GET', '/healthz');
  expect(health.status).toBe(200);
  expect(judged).toBeLessThanOrEqual(CHECKS / 2);
  const answers = await Promise.all(checks);
  expect(answers.map((answer) => answer.status)).toEqual(Array(CHECKS).fill(200));
  expect(answers[0]!.body).toMatchObject({ valid_password: false });
});
