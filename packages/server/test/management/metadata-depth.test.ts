import { beforeAll, describe, expect, it } from 'vitest';
import { account, asPerson, signedIn, type Person } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { Answer, ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * A user's metadata nests objects and arrays at most 10 levels deep, wherever it is written (POST
 * /v1/users, PATCH /v1/users/{user_id}, the person's own POST /sdk/v1/account/untrusted_metadata):
 * 8000 nested arrays fit in a few kilobytes, and measuring them overflowed the stack (500). Over
 * real sockets, the bodies sent as JSON text.
 */
let s: ListeningServer;
let person: Person;
beforeAll(async () => {
  s = await sharedListening();
  person = await signedIn(s, 'deep-metadata');
});

/** `{"a": [[…]]}` with `levels` levels in all, the object itself the first; JSON.stringify could not write the deepest. */
const nested = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

function expectRefused(answer: Answer, field: string): void {
  expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({ status: 400, error_type: 'bad_request' });
  expect(answer.body.error_message).toBe(`Field ${field} is invalid: must nest objects and arrays at most 10 levels deep.`);
}

const writes: Array<[string, (metadata: string) => Promise<Answer>, string]> = [
  [
    'POST /v1/users',
    (metadata) => manage(s, 'POST', '/v1/users', undefined, { json: `{"email":"${uniqueEmail('deep')}","trusted_metadata":${metadata}}` }),
    'trusted_metadata',
  ],
  [
    'PATCH /v1/users/{user_id}',
    (metadata) => manage(s, 'PATCH', `/v1/users/${person.userId}`, undefined, { json: `{"untrusted_metadata":${metadata}}` }),
    'untrusted_metadata',
  ],
  [
    'POST /sdk/v1/account/untrusted_metadata',
    (metadata) =>
      s.send('POST', account('untrusted_metadata'), undefined, { session: person.session, from: person.from, json: `{"untrusted_metadata":${metadata}}` }),
    'untrusted_metadata',
  ],
];

describe('metadata nested too deep', () => {
  it.each(writes)('%s: 8000 levels are a bad request naming the field, not a 500', async (_, write, field) => {
    const metadata = nested(8000);
    expect(metadata.length).toBeLessThan(16 * 1024);
    expectRefused(await write(metadata), field);
  });

  it.each(writes)('%s: 11 levels are refused, 10 are taken', async (_, write, field) => {
    expectRefused(await write(nested(11)), field);
    expect((await write(nested(10))).status).toBe(200);
  });

  it('what is taken is what the user carries', async () => {
    const deepest = JSON.parse(nested(10));
    expect((await asPerson(s, person, 'untrusted_metadata', { untrusted_metadata: deepest })).body.untrusted_metadata).toEqual(deepest);
    expect((await manage(s, 'GET', `/v1/users/${person.userId}`)).body.user.untrusted_metadata).toEqual(deepest);
  });
});
