import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPhone } from '../../src/features/otps/phone-numbers-store.js';
import { createUserWithEmail } from '../../src/kernel/users.js';
import { type Harness, uniqueEmail } from '../helpers/harness.js';
import { uniquePhone } from '../helpers/otp.js';
import { sharedHarness } from '../helpers/shared-stack.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

const userEvents = (since: Date) =>
  h.server.db
    .selectFrom('audit_events')
    .select(['type', 'user_id'])
    .where('type', 'in', ['user.created', 'user.deleted'])
    .where('occurred_at', '>=', since)
    .execute();

describe('events of a sign-up that lost a race', () => {
  it('are none: the request that finds its new number taken makes no user, so no user.created and user.deleted reach webhooks', async () => {
    const since = new Date(Date.now() - 1000);
    const phone = uniquePhone();
    // The second creation of one number is what each loser of parallel sign-ups runs.
    const first = await createUserWithPhone(h.server.db, phone, new Date());
    const second = await createUserWithPhone(h.server.db, phone, new Date());
    expect(second).toEqual({ userId: first.userId, phoneId: first.phoneId, created: false });
    const events = (await userEvents(since)).filter((event) => event.type === 'user.deleted' || event.user_id === first.userId);
    expect(events).toEqual([{ type: 'user.created', user_id: first.userId }]);
  });

  it('are none for an email address either', async () => {
    const since = new Date(Date.now() - 1000);
    const email = uniqueEmail('race');
    const first = await createUserWithEmail(h.server.db, email, 'pending', new Date());
    const second = await createUserWithEmail(h.server.db, email, 'pending', new Date());
    expect(second).toEqual({ userId: first.userId, emailId: first.emailId, created: false });
    const events = (await userEvents(since)).filter((event) => event.type === 'user.deleted' || event.user_id === first.userId);
    expect(events).toEqual([{ type: 'user.created', user_id: first.userId }]);
  });
});
