import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@vestibule/contract';
import { tokenFromLink } from '../helpers/harness.js';
import type { ListeningServer } from '../helpers/listening.js';
import { sharedListening } from '../helpers/shared-stack.js';

/**
 * Issue 38, point 3: 'a@x.com', 'ａ@x.com' (fullwidth) and 'a@ｘ.com' were three users, and a
 * unicode domain and its ASCII form two, so a look-alike spelling of someone's address made an
 * account of its own (and a stranger could hold it). The domain is folded as DNS folds it; the part
 * before @, which mail servers read as they like, may hold only ASCII: a look-alike there is
 * refused, never folded into someone else's address. Over real sockets, every sign-in method.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await sharedListening();
});

/** Fullwidth forms of ASCII letters, digits and '@' (U+FF01..U+FF5E), which NFKC folds back. */
const fullwidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

/** Signs in by a magic link sent to `spelling`; the link lands at `delivered`, the address's one form. */
async function signInAs(spelling: string, delivered: string, from: string): Promise<SessionResponse> {
  const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: spelling }, { from });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const [message] = await s.outbox(delivered);
  expect(message?.to).toBe(delivered);
  const used = await s.send<SessionResponse>('POST', '/sdk/v1/magic_links/authenticate', { token: tokenFromLink(message!.text).token }, { from });
  expect(used.status).toBe(200);
  return used.body;
}

describe('look-alike spellings of one address', () => {
  it('a fullwidth domain and upper case sign in as the one user', async () => {
    const local = `look-${randomUUID().slice(0, 8)}`;
    const address = `${local}@example.com`;
    const owner = await s.signInByLink(address, '127.0.5.1');
    const spellings = [`${local}@${fullwidth('example.com')}`, `${local.toUpperCase()}@EXAMPLE.COM`, `${local}@Example.COM`];
    for (const [index, spelling] of spellings.entries()) {
      const session = await signInAs(spelling, address, `127.0.5.${index + 2}`);
      expect(session.user_id, spelling).toBe(owner.user_id);
      expect(session.user.emails.map((email) => email.email)).toEqual([address]);
    }
  });

  it('a part before @ that is not ASCII is refused, not folded: look-alikes of a taken address neither reach it nor make an account', async () => {
    const local = `sam-${randomUUID().slice(0, 8)}`;
    await s.signInByLink(`${local}@example.com`, '127.0.5.40');
    const lookAlikes = [
      `${fullwidth(local)}@example.com`,
      fullwidth(`${local}@example.com`),
      `\u017f${local.slice(1)}@example.com`,
      `${local}\u034f@example.com`,
      `${local}\u3164@example.com`,
      `${local}\u0307@example.com`,
      `\u039f\u0394\u039f\u03a3@example.com`,
    ];
    for (const [index, email] of lookAlikes.entries()) {
      const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from: `127.0.5.${41 + index}` });
      expect(sent.status, JSON.stringify(email)).toBe(400);
      expect(sent.body.error_type).toBe('invalid_email');
    }
    const search = await s.send('POST', '/sdk/v1/users/search', { email: `\u017f${local.slice(1)}@example.com` }, { from: '127.0.5.50' });
    expect(search.status).toBe(400);
    expect(search.body.error_message).toBe('The part of an email address before @ may hold only ASCII letters, digits and symbols.');
  });

  it('a domain written with a percent sign is refused (the IDNA step would read %61 as a)', async () => {
    const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email: 'sam@ex%61mple.com' }, { from: '127.0.5.51' });
    expect(sent.status).toBe(400);
    expect(sent.body.error_type).toBe('invalid_email');
  });

  it("a domain followed by a web address's path, query or fragment is refused, not read as the domain alone", async () => {
    for (const [i, email] of ['sam@example.com/x', 'sam@example.com?a=1', 'sam@example.com#top', 'sam@example.com\\x'].entries()) {
      const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from: `127.0.5.${60 + i}` });
      expect(sent.status, email).toBe(400);
      expect(sent.body.error_type).toBe('invalid_email');
    }
  });

  it('a unicode domain and its ASCII form are one address, kept in the ASCII form', async () => {
    const local = `idn-${randomUUID().slice(0, 8)}`;
    const ascii = `${local}@xn--bcher-kva.example`;
    const first = await signInAs(`${local}@bücher.example`, ascii, '127.0.5.10');
    const second = await signInAs(ascii, ascii, '127.0.5.11');
    const third = await signInAs(`${local}@BÜCHER.example`, ascii, '127.0.5.12');
    expect(second.user_id).toBe(first.user_id);
    expect(third.user_id).toBe(first.user_id);
    // The outbox finds them by any spelling that reaches the address, as sign-in does.
    expect((await s.outbox(`${local}@BÜCHER.example`)).map((message) => message.to)).toEqual([ascii, ascii, ascii]);
  });

  it('a password account cannot be made for a look-alike of a taken address, and the search says it is taken', async () => {
    const local = `pw-${randomUUID().slice(0, 8)}`;
    const address = `${local}@example.com`;
    const created = await s.send('POST', '/sdk/v1/passwords', { email: address, password: 'orbit Pickle 74 lantern quasar' }, { from: '127.0.5.20' });
    expect(created.status).toBe(200);
    const lookAlike = await s.send(
      'POST',
      '/sdk/v1/passwords',
      { email: `${local}@${fullwidth('example.com')}`, password: 'another Orbit 75 lantern quasar' },
      { from: '127.0.5.21' },
    );
    expect(lookAlike.status).toBe(400);
    expect(lookAlike.body.error_type).toBe('duplicate_email');
    expect((await s.send('POST', '/sdk/v1/users/search', { email: `${local}@${fullwidth('example')}.com` }, { from: '127.0.5.22' })).body.userType).toBe(
      'password',
    );
    const login = await s.send(
      'POST',
      '/sdk/v1/passwords/authenticate',
      { email: `${local.toUpperCase()}@${fullwidth('EXAMPLE')}.com`, password: 'orbit Pickle 74 lantern quasar' },
      { from: '127.0.5.23' },
    );
    expect(login.status).toBe(200);
    expect(login.body.user_id).toBe(created.body.user_id);
  });

  it('an address with an invisible character is refused, not made a user of its own', async () => {
    for (const [index, email] of [
      `zero\u200bwidth@example.com`,
      `joiner@exa\u200dmple.com`,
      `mark\u202e@example.com`,
      `soft\u00adhyphen@example.com`,
      // A control character is as invisible, and ASCII (found by an outside attack).
      `victim\u007f@example.com`,
      `victim\u0001@example.com`,
      `vic\u0008tim@example.com`,
    ].entries()) {
      const sent = await s.send('POST', '/sdk/v1/magic_links/email/login_or_create', { email }, { from: `127.0.5.${30 + index}` });
      expect(sent.status, JSON.stringify(email)).toBe(400);
      expect(sent.body.error_type).toBe('invalid_email');
    }
  });
});
