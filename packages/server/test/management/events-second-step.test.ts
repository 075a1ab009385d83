import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/account.js';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';
import { CONFIRM, firstStepByLink, heldToken, turnOn, withAppCode, wrongCodes } from '../two-step/helpers.js';

let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const refusalsOf = async (userId: string) =>
  (await manage(s, 'GET', `/v1/events?user_id=${userId}&type=sign_in.failed`)).body.events.map((event: { data: { route: string } }) => event.data.route);

describe("a wrong second step is on its user's record", () => {
  it('after a right first step (the intermediate session names the user) and when confirming a change in a session', async () => {
    const person = await signedIn(s, 'second-step-events');
    const { secret } = await turnOn(s, person);
    const token = heldToken(await firstStepByLink(s, person.email, person.from));
    const [wrong] = wrongCodes(secret, 1);
    expect((await withAppCode(s, token, wrong!, person.from)).status).toBe(401);
    expect((await s.send('POST', CONFIRM.totp, { code: wrong }, { session: person.session, from: person.from })).status).toBe(401);
    expect(await refusalsOf(person.userId)).toEqual([CONFIRM.totp, '/sdk/v1/two_step/totp/authenticate']);
  });
});
