import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, UserListResponse } from '@vestibule/contract';
import { expectError, loopback } from '../helpers/account.js';
import { uniqueEmail } from '../helpers/harness.js';
import type { Answer, ListeningServer } from '../helpers/listening.js';
import { MANAGEMENT_KEY, manage } from '../helpers/management.js';
import { OTP, uniquePhone } from '../helpers/otp.js';
import { sharedHarness, sharedListening } from '../helpers/shared-stack.js';
import { userParts } from '../../src/features/index.js';
import { readManagedUsers } from '../../src/features/users/managed-users.js';
import { findUserPage } from '../../src/features/users/user-search.js';

/** The management API's users (GET/POST /v1/users, GET/PATCH/DELETE /v1/users/{user_id}), over real sockets with the test key. */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

async function create(body: Record<string, unknown>): Promise<ManagedUser> {
  const made = await manage(s, 'POST', '/v1/users', body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.user_id).toBe(made.body.user.user_id);
  return made.body.user;
}

/** Every page of a search, `limit` at a time, with what happens between pages. */
async function pages(query: string, limit: number, between: (page: number) => Promise<void> = async () => {}): Promise<ManagedUser[][]> {
  const all: ManagedUser[][] = [];
  let cursor: string | null = null;
  do {
    const answer: Answer<UserListResponse> = await manage(
      s,
      'GET',
      `/v1/users?query=${encodeURIComponent(query)}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    all.push(answer.body.users);
    cursor = answer.body.next_cursor;
    await between(all.length);
  } while (cursor);
  return all;
}

describe('creating users', () => {
  it('makes a user with an address, a number, a name and metadata, answered as the User with its last sign-in; the address then signs in as that user', async () => {
    const email = uniqueEmail('made');
    const phone = uniquePhone();
    const user = await create({
      email: `  ${email.toUpperCase()} `,
      phone_number: phone,
      name: ' Ada Lovelace ',
      trusted_metadata: { plan: 'pro', roles: ['admin'] },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(user).toMatchObject({
      status: 'active',
      name: 'Ada Lovelace',
      emails: [{ email, verified: true, primary: true }],
      phone_numbers: [{ phone_number: phone, verified: true, primary: true }],
      password: null,
      trusted_metadata: { plan: 'pro', roles: ['admin'] },
      untrusted_metadata: { theme: 'dark' },
      last_sign_in_at: null,
    });
    // Ids are random (a v4 UUID): one project's users cannot be reached by counting.
    expect(user.user_id).toMatch(/^user-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const signedIn = await s.signInByLink(email, loopback());
    expect(signedIn.user_id).toBe(user.user_id);
    // The person reads their name and both objects; the SDK's User has them too.
    expect(signedIn.user).toMatchObject({ name: 'Ada Lovelace', trusted_metadata: { plan: 'pro', roles: ['admin'] }, untrusted_metadata: { theme: 'dark' } });
    const read = await manage(s, 'GET', `/v1/users/${user.user_id}`);
    expect(Date.parse(read.body.user.last_sign_in_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(read.body.user).toMatchObject({ ...user, last_sign_in_at: expect.any(String) });
  });

  it('takes an address or a number alone, unverified when asked; a number signs in by text as that user', async () => {
    const phone = uniquePhone();
    const byPhone = await create({ phone_number: phone, phone_number_verified: false });
    expect(byPhone).toMatchObject({
      emails: [],
      phone_numbers: [{ phone_number: phone, verified: false }],
      name: null,
      trusted_metadata: {},
      untrusted_metadata: {},
    });
    const texted = await s.send('POST', OTP.sms, { phone_number: phone }, { from: loopback() });
    expect(texted.body).toMatchObject({ user_id: byPhone.user_id, user_created: false });

    const email = uniqueEmail('unproven');
    expect((await create({ email, email_verified: false })).emails).toEqual([{ email_id: expect.any(String), email, verified: false, primary: true }]);
  });

  it('refuses an address or number another user has, and a user with neither, making nothing', async () => {
    const email = uniqueEmail('taken');
    const phone = uniquePhone();
    const first = await create({ email, phone_number: phone });
    const otherPhone = uniquePhone();
    expectError(await manage(s, 'POST', '/v1/users', { email: email.toUpperCase(), phone_number: otherPhone }), 400, 'email_already_taken');
    expectError(await manage(s, 'POST', '/v1/users', { email: uniqueEmail('free'), phone_number: phone }), 400, 'phone_number_already_taken');
    // The refused creations left nothing behind: the other number is nobody's.
    expect((await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(otherPhone)}`)).body.users).toEqual([]);
    expectError(await manage(s, 'POST', '/v1/users', { name: 'Nobody' }), 400, 'user_needs_email_or_phone');
    expectError(await manage(s, 'POST', '/v1/users', {}), 400, 'user_needs_email_or_phone');
    expect((await manage(s, 'GET', `/v1/users/${first.user_id}`)).body.user.emails).toHaveLength(1);
  });

  it('answers bad fields with 400 naming them', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not an email' }, 'invalid_email'],
      [{ phone_number: '555-0100' }, 'invalid_phone_number'],
      [{ email: uniqueEmail('x'), password_hash: 'plain text' }, 'invalid_password_hash'],
      [{ email: uniqueEmail('x'), name: '' }, 'bad_request'],
      [{ email: uniqueEmail('x'), name: 'n'.repeat(201) }, 'bad_request'],
      [{ email: uniqueEmail('x'), trusted_metadata: ['not', 'an', 'object'] }, 'bad_request'],
      [{ email: uniqueEmail('x'), untrusted_metadata: 'text' }, 'bad_request'],
      [{ email: uniqueEmail('x'), trusted_metadata: { big: 'x'.repeat(4096) } }, 'bad_request'],
      [{ email: uniqueEmail('x'), email_verified: 'yes' }, 'bad_request'],
      [{ email: uniqueEmail('x'), status: 'active' }, 'bad_request'],
      [{ email: uniqueEmail('x'), name: 'nul \u0000 inside' }, 'bad_request'],
      [{ email: uniqueEmail('x'), trusted_metadata: { 'nul\u0000key': 1 } }, 'bad_request'],
    ];
    for (const [body, errorType] of cases) expectError(await manage(s, 'POST', '/v1/users', body), 400, errorType);
    const refused = await manage(s, 'POST', '/v1/users', { email: uniqueEmail('x'), trusted_metadata: { big: 'x'.repeat(4096) } });
    expect(refused.body.error_message).toContain('trusted_metadata');
    // 4096 bytes as JSON is the most either object takes.
    const fits = { note: 'x'.repeat(4096 - '{"note":""}'.length) };
    expect((await create({ email: uniqueEmail('fits'), trusted_metadata: fits, untrusted_metadata: fits })).trusted_metadata).toEqual(fits);
  });
});

describe('finding users', () => {
  it('matches part of an email in any case, a phone number exactly, or the user id, newest first', async () => {
    const marker = randomUUID().slice(0, 8);
    const phone = uniquePhone();
    const older = await create({ email: `older-${marker}@example.com`, phone_number: phone });
    const newer = await create({ email: `newer-${marker}@example.org` });
    const ids = (answer: { body: { users: ManagedUser[] } }) => answer.body.users.map((user) => user.user_id);

    expect(ids(await manage(s, 'GET', `/v1/users?query=${marker.toUpperCase()}`))).toEqual([newer.user_id, older.user_id]);
    expect(ids(await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(`-${marker}@example.org`)}`))).toEqual([newer.user_id]);
    expect(ids(await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(phone)}`))).toEqual([older.user_id]);
    // Written with spaces, as people copy numbers; but part of a number finds nobody.
    expect(ids(await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(`${phone.slice(0, 5)} ${phone.slice(5)}`)}`))).toEqual([older.user_id]);
    expect(ids(await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(phone.slice(0, -2))}`))).toEqual([]);
    expect(ids(await manage(s, 'GET', `/v1/users?query=${older.user_id}`))).toEqual([older.user_id]);
    expect(ids(await manage(s, 'GET', `/v1/users?query=${older.user_id.slice(0, -1)}`))).toEqual([]);
    // Characters that mean something to SQL's LIKE are only characters here.
    expect(ids(await manage(s, 'GET', `/v1/users?query=${encodeURIComponent(`%${marker}_`)}`))).toEqual([]);

    const everyone = await manage(s, 'GET', '/v1/users?limit=100');
    expect(everyone.body.users.length).toBeGreaterThanOrEqual(2);
    const times = everyone.body.users.map((user: ManagedUser) => Date.parse(user.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages through a search without gaps or repeats while users are created meanwhile', async () => {
    const marker = randomUUID().slice(0, 8);
    const made: ManagedUser[] = [];
    for (let i = 0; i < 7; i++) made.push(await create({ email: `page${i}-${marker}@example.com` }));
    const meanwhile: string[] = [];
    const found = await pages(marker, 3, async () => {
      meanwhile.push((await create({ email: `meanwhile${meanwhile.length}-${marker}@example.com` })).user_id);
    });
    expect(found.map((page) => page.length)).toEqual([3, 3, 1]);
    const seen = found.flat().map((user) => user.user_id);
    // Newest first, each once: users made while paging come before the first page, never inside a later one.
    expect(seen).toEqual(made.map((user) => user.user_id).reverse());
    // A new search starts with them.
    const again = await pages(marker, 100);
    expect(again.flat().map((user) => user.user_id)).toEqual([...meanwhile.reverse(), ...seen]);
  });

  it('lists a page of 100 users whole, with every part of each, in three statements whatever the page size', async () => {
    // In process, where the statements can be counted: the same app, on the harness's database.
    const h = await sharedHarness();
    const marker = randomUUID().slice(0, 8);
    const made = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.json('POST', '/v1/users', { email: `many${i}-${marker}@example.com`, name: `User ${i}` }, { token: null, session: MANAGEMENT_KEY }),
      ),
    );
    expect(made.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    const page = await h.json('GET', `/v1/users?query=${marker}&limit=100`, undefined, { token: null, session: MANAGEMENT_KEY });
    expect(page.body.users).toHaveLength(100);
    expect(page.body.next_cursor).toBeNull();
    for (const user of page.body.users) {
      expect(user).toMatchObject({
        emails: [expect.objectContaining({ verified: true })],
        phone_numbers: [],
        webauthn_registrations: [],
        last_sign_in_at: null,
      });
    }

    let statements = 0;
    const counted = h.server.db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const found = await findUserPage(counted, { query: marker, limit: 100 });
    expect(await readManagedUsers({ db: counted, userParts }, found.userIds)).toEqual(page.body.users);
    // The page, then the users with every part, then their last sign-ins: not one or more per user.
    expect(statements).toBe(3);
  });

  it('answers a bad query or cursor with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=many', 'cursor=bm9wZQ', `cursor=${Buffer.from('u:1:').toString('base64url')}`, 'query=', 'sort=name']) {
      const answer = await manage(s, 'GET', `/v1/users?${query}`);
      expect(answer.status, query).toBe(400);
      expect(['bad_request', 'invalid_cursor'], query).toContain(answer.body.error_type);
    }
  });
});

describe('reading, changing and deleting a user', () => {
  it('404s an id nobody has, and ids that are not ids', async () => {
    const made = await create({ email: uniqueEmail('near') });
    // The id next to a real one is nobody's.
    const near = made.user_id.slice(0, -1) + (made.user_id.endsWith('0') ? '1' : '0');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await manage(s, method, `/v1/users/${near}`, body), 404, 'user_not_found');
      expectError(await manage(s, method, '/v1/users/user-%00', body), 400, 'bad_request');
    }
  });

  it('PATCH changes the name (null removes it) and replaces a metadata object whole; nothing else', async () => {
    const made = await create({ email: uniqueEmail('patch'), name: 'Before', trusted_metadata: { a: 1, b: 2 }, untrusted_metadata: { theme: 'dark' } });
    const path = `/v1/users/${made.user_id}`;
    const renamed = await manage(s, 'PATCH', path, { name: 'After', trusted_metadata: { b: 3 } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.user).toMatchObject({ name: 'After', trusted_metadata: { b: 3 }, untrusted_metadata: { theme: 'dark' } });
    const cleared = await manage(s, 'PATCH', path, { name: null, untrusted_metadata: {} });
    expect(cleared.body.user).toMatchObject({ name: null, trusted_metadata: { b: 3 }, untrusted_metadata: {} });
    expect((await manage(s, 'GET', path)).body.user).toEqual(cleared.body.user);

    for (const body of [{}, { email: uniqueEmail('other') }, { status: 'pending' }, { name: '  ' }, { trusted_metadata: null }]) {
      expectError(await manage(s, 'PATCH', path, body), 400, 'bad_request');
    }
    // The operator's changes are events naming the key; the change itself is user.updated.
    const events = (await manage(s, 'GET', `/v1/events?user_id=${made.user_id}`)).body.events;
    const actions = events.filter((event: any) => event.type === 'operator.action').map((event: any) => event.data.action);
    expect(actions).toEqual(['user.update', 'user.update', 'user.create']);
    expect(events.find((event: any) => event.type === 'operator.action').actor).toEqual({
      type: 'management_key',
      key_id: 'environment',
      name: 'VESTIBULE_MANAGEMENT_KEY',
    });
    expect(events.filter((event: any) => event.type === 'user.updated')).toHaveLength(2);
  });

  it('DELETE removes the user: its sessions stop working at once, and its address is free to sign up again', async () => {
    const email = uniqueEmail('deleted');
    const from = loopback();
    const signedIn = await s.signInByLink(email, from);
    const other = await s.signInByLink(email, from);
    const path = `/v1/users/${signedIn.user_id}`;
    expect((await manage(s, 'DELETE', path)).body).toEqual({ status_code: 200, request_id: expect.any(String) });
    for (const session of [signedIn.session_token, other.session_token]) {
      expectError(await s.send('GET', '/sdk/v1/users/me', undefined, { session, from }), 401, 'session_not_found');
      expectError(await s.send('POST', '/sdk/v1/sessions/authenticate', {}, { session, from }), 401, 'session_not_found');
    }
    expectError(await manage(s, 'GET', path), 404, 'user_not_found');
    expectError(await manage(s, 'DELETE', path), 404, 'user_not_found');
    const again = await s.signInByLink(email, from);
    expect(again.user_id).not.toBe(signedIn.user_id);
    const events = (await manage(s, 'GET', `/v1/events?user_id=${signedIn.user_id}&type=operator.action,user.deleted`)).body.events;
    expect(events.map((event: any) => event.data.action ?? event.type)).toEqual(['user.delete', 'user.deleted']);
  });
});

describe("the user's own untrusted_metadata", () => {
  it('a session replaces its own untrusted_metadata (not trusted_metadata), which operators then read', async () => {
    const from = loopback();
    const signedIn = await s.signInByLink(uniqueEmail('own-metadata'), from);
    const write = (body: unknown) => s.send('POST', '/sdk/v1/account/untrusted_metadata', body, { session: signedIn.session_token, from });
    const written = await write({ untrusted_metadata: { theme: 'dark', recent: [1, 2] } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body).toMatchObject({ user_id: signedIn.user_id, untrusted_metadata: { theme: 'dark', recent: [1, 2] }, trusted_metadata: {} });
    expect((await write({ untrusted_metadata: { theme: 'light' } })).body.untrusted_metadata).toEqual({ theme: 'light' });
    expect((await s.send('GET', '/sdk/v1/users/me', undefined, { session: signedIn.session_token, from })).body.untrusted_metadata).toEqual({ theme: 'light' });
    expect((await manage(s, 'GET', `/v1/users/${signedIn.user_id}`)).body.user.untrusted_metadata).toEqual({ theme: 'light' });

    for (const body of [
      { trusted_metadata: { plan: 'free' } },
      { untrusted_metadata: { theme: 'light' }, trusted_metadata: {} },
      { untrusted_metadata: [1] },
      {},
    ]) {
      expectError(await write(body), 400, 'bad_request');
    }
    expectError(await write({ untrusted_metadata: { big: 'x'.repeat(4100) } }), 400, 'bad_request');
    expectError(await s.send('POST', '/sdk/v1/account/untrusted_metadata', { untrusted_metadata: {} }, { from }), 401, 'user_unauthenticated');
  });
});
