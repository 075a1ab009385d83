import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/create-server.js';
import { harnessFor, testClock, uniqueEmail, type Harness } from '../helpers/harness.js';
import { MANAGEMENT_KEY } from '../helpers/management.js';
import { testConfig } from '../helpers/test-config.js';

const quiet = { info() {}, warn() {}, error: (m: string, d?: unknown) => console.error(m, d) };
const DAY_MINUTES = 24 * 60;

let h: Harness;
beforeAll(async () => {
  const config = { ...testConfig(), eventRetentionDays: 30 };
  const clock = testClock();
  h = harnessFor(await createServer(config, { clock, logger: quiet, pruneEveryMs: 50 }), config, clock);
});
afterAll(() => h.close());

const eventsOf = async (userId: string) =>
  (await h.json('GET', `/v1/events?user_id=${userId}`, undefined, { session: MANAGEMENT_KEY, token: null })).body.events as Array<{ type: string }>;

describe('events are kept eventRetentionDays', () => {
  // First: the next test moves the clock past the retention, after which every event goes at once.
  it("records nothing of a deleted user's ways in and sessions but the deletion itself", async () => {
    const { user_id, session_token } = await h.signIn(uniqueEmail('deleted'));
    const email = (await h.json('GET', `/sdk/v1/users/me`, undefined, { session: session_token })).body.emails[0].email;
    const before = (await eventsOf(user_id)).length;
    const deleted = await h.json('POST', '/sdk/v1/account/delete', { confirmation: email }, { session: session_token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await eventsOf(user_id);
    expect(after.length).toBe(before + 1);
    expect(after[0]!.type).toBe('user.deleted');
  });
  it('keeps them through the retention and deletes them after it, while the server runs', async () => {
    const { user_id } = await h.signIn(uniqueEmail('retention'));
    expect((await eventsOf(user_id)).length).toBeGreaterThanOrEqual(3);
    h.clock.advanceMinutes(29 * DAY_MINUTES);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await eventsOf(user_id)).length).toBeGreaterThanOrEqual(3);
    h.clock.advanceMinutes(2 * DAY_MINUTES);
    await expect.poll(() => eventsOf(user_id), { timeout: 5000 }).toEqual([]);
  });
});
