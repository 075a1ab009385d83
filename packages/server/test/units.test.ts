import { describe, expect, it } from 'vitest';
import { tryAgainIn } from '../src/http/limits.js';
import { magicLinkUrl } from '../src/kernel/redirect-url.js';
import { mergeFactor } from '../src/kernel/sessions/sessions-store.js';
import { magicLinkEmail } from '../src/features/magic-links/magic-link-email.js';
import { constantTimeEqual } from '../src/security/constant-time.js';
import { randomToken } from '../src/security/random-token.js';

describe('magic link URL', () => {
  it('appends the token type and token, keeping an existing query and fragment', () => {
    const url = new URL(magicLinkUrl('https://app.example/auth?next=%2Fhome#top', 'abc_-1'));
    expect(url.searchParams.get('next')).toBe('/home');
    expect(url.searchParams.get('vestibule_token_type')).toBe('login');
    expect(url.searchParams.get('token')).toBe('abc_-1');
    expect(url.hash).toBe('#top');
  });
});

describe('magic link email', () => {
  it('escapes the project name and link in HTML and states the validity', () => {
    const message = magicLinkEmail({ to: 'a@b.co', projectName: '<Acme & Co>', link: 'https://x.example/?a=1&b="2"', kind: 'login', expirationMinutes: 1440 });
    expect(message.html).not.toContain('<Acme');
    expect(message.html).toContain('&lt;Acme &amp; Co&gt;');
    expect(message.html).toContain('a=1&amp;b=&quot;2&quot;');
    expect(message.text).toContain('valid for 1 day');
    expect(message.text).toContain('https://x.example/?a=1&b="2"');
  });
});

describe('security helpers', () => {
  it('makes 32-byte base64url tokens that differ', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
  });
  it('compares strings exactly', () => {
    expect(constantTimeEqual('public-token', 'public-token')).toBe(true);
    expect(constantTimeEqual('public-token', 'public-tokeN')).toBe(false);
    expect(constantTimeEqual('public-token', 'public-token-')).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
  });
});

describe('when to try again after a limit', () => {
  it('says seconds below a minute and whole minutes, rounded up, from a minute on', () => {
    expect(tryAgainIn(1)).toBe('Please try again in 1 second.');
    expect(tryAgainIn(59)).toBe('Please try again in 59 seconds.');
    expect(tryAgainIn(60)).toBe('Please try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Please try again in 2 minutes.');
    expect(tryAgainIn(581)).toBe('Please try again in 10 minutes.');
    expect(tryAgainIn(3600)).toBe('Please try again in 60 minutes.');
  });
});

describe("a session's factors", () => {
  const at = '2026-01-01T00:00:00.000Z';
  const later = '2026-01-02T00:00:00.000Z';
  const email = (id: string, address: string, when = at) => ({
    type: 'magic_link' as const,
    delivery_method: 'email' as const,
    last_authenticated_at: when,
    email_factor: { email_id: id, email_address: address },
  });
  const phone = (id: string, when = at) => ({
    type: 'otp' as const,
    delivery_method: 'sms' as const,
    last_authenticated_at: when,
    phone_number_factor: { phone_id: id, phone_number: '+15005550006' },
  });
  const wallet = (id: string, when = at) => ({
    type: 'crypto' as const,
    delivery_method: 'crypto' as const,
    last_authenticated_at: when,
    crypto_wallet_factor: { crypto_wallet_id: id, crypto_wallet_address: '0xabc', crypto_wallet_type: 'ethereum' as const },
  });

  it('replace one of the same kind and credential (by its id, whatever its spelling), and keep the others', () => {
    expect(mergeFactor([email('e1', 'a@x.example')], email('e1', 'A@x.example', later))).toEqual([email('e1', 'A@x.example', later)]);
    expect(mergeFactor([email('e1', 'a@x.example')], email('e2', 'b@x.example'))).toEqual([email('e1', 'a@x.example'), email('e2', 'b@x.example')]);
    expect(mergeFactor([phone('p1'), wallet('w1')], phone('p1', later))).toEqual([wallet('w1'), phone('p1', later)]);
    expect(mergeFactor([wallet('w1')], wallet('w2'))).toHaveLength(2);
    expect(mergeFactor([email('e1', 'a@x.example')], { ...email('e1', 'a@x.example'), type: 'otp' })).toHaveLength(2);
  });

  it('keep a credential the session attached attached when it is proven again', () => {
    expect(mergeFactor([{ ...wallet('w1'), attached: true }], wallet('w1', later))).toEqual([{ ...wallet('w1', later), attached: true }]);
  });
});
