import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromLink, uniqueEmail } from '../helpers/harness.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';

/** Held before issue 9 and kept so: an emailed token signs in once, however many race to use it. */
let s: ListeningServer;
beforeAll(async () => {
  s = await startListening();
});
afterAll(() => s.close());

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

describe('single-use tokens under parallel use', () => {
  it('the same magic link 50 times in parallel: one session', async () => {
    const email = uniqueEmail('race-link');
    await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email });
    const { token } = tokenFromLink((await s.outbox(email))[0]!.text);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/magic_links/authenticate', { token }, { from: `127.0.5.${i + 1}` })));
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
  });

  it('the same reset link 50 times in parallel: one new password, one session', async () => {
    const email = uniqueEmail('race-reset');
    await s.send('POST', '/sdk/v1/passwords', { email, password: 'First passphrase 11 here' });
    await s.send('POST', '/sdk/v1/passwords/email/reset/start', { email });
    const link = /https?:\/\/\S+vestibule_token_type=reset_password\S*/.exec((await s.outbox(email))[0]!.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.send('POST', '/sdk/v1/passwords/email/reset', { token, password: `Racing passphrase ${i} wins` }, { from: `127.0.6.${i + 1}` })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(49).fill(401)]);
  });
});
