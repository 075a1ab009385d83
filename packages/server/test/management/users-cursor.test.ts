import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '@vestibule/contract';
import type { ListeningServer } from '../helpers/listening.js';
import { manage } from '../helpers/management.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * GET /v1/users?cursor=: a cursor is opaque, and one the list did not write is 400 invalid_cursor,
 * whatever it holds (a forged one naming the year 33658 was a 500 from the database). Over real
 * sockets with the test key.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

const encoded = (text: string) => Buffer.from(text).toString('base64url');
const list = (query: string) => manage(s, 'GET', `/v1/users?${query}`);

describe('the users list refuses a cursor it did not write', () => {
  it.each([
    ['a time the database cannot hold (year 33658)', 'dTo5OTk5OTk5OTk5OTk5OTk6eA'],
    ['the first moment of year 10000', encoded('u:253402300800000:x')],
    ['another form', encoded('e:12345')],
    ['no user id', encoded('u:1700000000000:')],
    ['a time of 16 digits', encoded('u:1000000000000000:x')],
    ['not base64url', '!!!'],
  ])('%s', async (_, cursor) => {
    const answer = await list(`cursor=${encodeURIComponent(cursor)}`);
    expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({ status: 400, error_type: 'invalid_cursor' });
  });

  describe('and a cursor it wrote, written otherwise', () => {
    const marker = randomUUID().slice(0, 8);
    let cursor: string;
    let third: ManagedUser;
    beforeAll(async () => {
      for (const i of [1, 2, 3]) {
        const made = await manage(s, 'POST', '/v1/users', { email: `cursor${i}-${marker}@example.com` });
        expect(made.status).toBe(200);
        if (i === 1) third = made.body.user;
      }
      const first = await list(`query=${marker}&limit=2`);
      expect(first.body.users).toHaveLength(2);
      cursor = first.body.next_cursor;
    });

    it('is taken as it was written', async () => {
      const next = await list(`query=${marker}&limit=2&cursor=${cursor}`);
      expect(next.status).toBe(200);
      expect(next.body.users.map((user: ManagedUser) => user.user_id)).toEqual([third.user_id]);
      expect(next.body.next_cursor).toBeNull();
    });

    it.each([
      ['with characters base64url decoding skips', (c: string) => `${c.slice(0, 4)}.${c.slice(4)}`],
      ['padded', (c: string) => `${c}==`],
      ['with its time padded with zeros', (c: string) => encoded(Buffer.from(c, 'base64url').toString().replace(/^u:/, 'u:00'))],
    ])('%s is refused', async (_, rewrite) => {
      const answer = await list(`query=${marker}&limit=2&cursor=${encodeURIComponent(rewrite(cursor))}`);
      expect({ status: answer.status, error_type: answer.body.error_type }, JSON.stringify(answer.body)).toEqual({ status: 400, error_type: 'invalid_cursor' });
    });
  });
});
