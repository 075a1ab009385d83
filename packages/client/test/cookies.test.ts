import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieAttributes, createCookieJar, isLoopbackHost } from '../src/cookies.js';
import { clearAllCookies, readCookies, setPageUrl } from './helpers.js';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])('%s is loopback', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each(['example.com', 'localhost.example.com', '128.0.0.1', '10.0.0.1', '[::2]', '127.0.0.1.evil.com'])('%s is not', (host) =>
    expect(isLoopbackHost(host)).toBe(false),
  );
});

describe('cookie attributes through the writing path', () => {
  beforeEach(() => clearAllCookies());
  afterEach(() => {
    vi.restoreAllMocks();
    setPageUrl('http://localhost:3000/');
  });

  it.each([
    ['http://localhost:3000/', false],
    ['http://127.0.0.1:8080/', false],
    ['http://app.localhost/', false],
    ['https://app.example.com/', true],
  ])('on %s Secure is %s, SameSite is Lax', (url, secure) => {
    setPageUrl(url);
    const set = vi.spyOn(Cookies, 'set');
    const jar = createCookieJar();
    const expires = new Date(Date.now() + 60_000);
    jar.set('vestibule_session', 'tok', expires);
    expect(set).toHaveBeenCalledWith('vestibule_session', 'tok', { path: '/', sameSite: 'Lax', secure, expires });
    // And the browser keeps it.
    expect(readCookies().vestibule_session).toBe('tok');
  });

  it('uses the configured path and domain and removes host-only and on each seen domain', () => {
    setPageUrl('https://app.example.com/');
    const set = vi.spyOn(Cookies, 'set');
    const remove = vi.spyOn(Cookies, 'remove');
    const jar = createCookieJar({ path: '/app', domain: 'example.com' });
    const expires = new Date(Date.now() + 60_000);
    jar.set('c', 'v', expires);
    expect(set).toHaveBeenCalledWith('c', 'v', { path: '/app', domain: 'example.com', sameSite: 'Lax', secure: true, expires });
    jar.remove('c', ['old.example.com']);
    expect(remove.mock.calls).toEqual([
      ['c', { path: '/app', sameSite: 'Lax', secure: true }],
      ['c', { path: '/app', domain: 'old.example.com', sameSite: 'Lax', secure: true }],
      ['c', { path: '/app', domain: 'example.com', sameSite: 'Lax', secure: true }],
    ]);
  });

  it('removes a cookie whose value cannot be decoded, and writes nothing for one that is not there', () => {
    setPageUrl('https://app.example.com/');
    document.cookie = 'vestibule_session=%E0%A4%A; path=/; secure';
    const remove = vi.spyOn(Cookies, 'remove');
    const jar = createCookieJar();
    jar.remove('vestibule_session');
    expect(document.cookie).not.toContain('vestibule_session=');
    jar.remove('vestibule_session_jwt');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('cookieAttributes leaves Secure off only on loopback hosts', () => {
    expect(cookieAttributes('localhost', {}).secure).toBe(false);
    expect(cookieAttributes('example.com', {}).secure).toBe(true);
  });
});
